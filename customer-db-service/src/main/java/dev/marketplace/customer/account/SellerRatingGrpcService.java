package dev.marketplace.customer.account;

import java.util.Optional;

import dev.marketplace.customer.session.AccountRole;
import dev.marketplace.customer.session.SessionService;
import dev.marketplace.customer.session.SessionService.LiveSession;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.GetSellerRatingResponse;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;

@Service
class SellerRatingGrpcService extends SellerServiceGrpc.SellerServiceImplBase {

	private final SellerRepository sellers;

	private final SessionService sessions;

	SellerRatingGrpcService(SellerRepository sellers, SessionService sessions) {
		this.sellers = sellers;
		this.sessions = sessions;
	}

	/**
	 * Reads the rating in the session check's own statement, without a transaction: a fifth of
	 * all calls under load read a rating, and each then costs one round trip to the database.
	 */
	@Override
	public void getSellerRating(GetSellerRatingRequest request, StreamObserver<GetSellerRatingResponse> responses) {
		AccountRole role = AccountRole.from(request.getSession().getRole());
		String tokenHash = this.sessions.tokenHash(request.getSession().getSessionToken());
		Optional<RatingInSession> read = SessionService.readAgainIfLost(() -> request.getOwn()
				? this.sellers.findOwnRatingInSession(tokenHash, AccountRole.SELLER)
				: this.sellers.findRatingInSession(tokenHash, request.getSellerId()));
		LiveSession session = this.sessions.accept(role, read.map(RatingInSession::session));
		if (request.getOwn() && role != AccountRole.SELLER) {
			throw MarketplaceException.invalidArgument("only a seller session has a rating of its own");
		}
		RatingInSession rating = read.get();
		if (rating.sellerId() == null) {
			throw MarketplaceException.notFound(ErrorCode.SELLER_NOT_FOUND,
					"No seller has ID " + (request.getOwn() ? session.userId() : request.getSellerId()));
		}
		responses.onNext(GetSellerRatingResponse.newBuilder()
			.setSellerId(rating.sellerId())
			.setThumbsUp(rating.thumbsUp())
			.setThumbsDown(rating.thumbsDown())
			.setItemsSold(rating.itemsSold())
			.build());
		responses.onCompleted();
	}

}
