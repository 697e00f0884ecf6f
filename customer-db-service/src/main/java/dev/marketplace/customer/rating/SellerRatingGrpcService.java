package dev.marketplace.customer.rating;

import java.util.List;

import dev.marketplace.customer.account.AccountRole;
import dev.marketplace.customer.session.JoinedRows;
import dev.marketplace.customer.session.SessionService;
import dev.marketplace.customer.session.SessionService.LiveSessionWithRows;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.GetSellerRatingResponse;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import io.grpc.stub.StreamObserver;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Service;

@Service
class SellerRatingGrpcService extends SellerServiceGrpc.SellerServiceImplBase {

	private static final String RATING_COLUMNS = "r.id AS seller_id, r.thumbs_up, r.thumbs_down, r.items_sold";

	private static final RowMapper<GetSellerRatingResponse> RATING = (row, number) -> GetSellerRatingResponse
		.newBuilder()
		.setSellerId(row.getLong("seller_id"))
		.setThumbsUp(row.getInt("thumbs_up"))
		.setThumbsDown(row.getInt("thumbs_down"))
		.setItemsSold(row.getLong("items_sold"))
		.build();

	private static final JoinedRows<GetSellerRatingResponse> OWN_RATING = JoinedRows.byKey("sellers r",
			"r.id = s.user_id AND s.role = 'SELLER'", List.of(), RATING_COLUMNS, RATING);

	private final SessionService sessions;

	SellerRatingGrpcService(SessionService sessions) {
		this.sessions = sessions;
	}

	/**
	 * Reads the rating in the session check's own statement, without a transaction: a fifth of
	 * all calls under load read a rating, and each then costs one round trip to the database.
	 */
	@Override
	public void getSellerRating(GetSellerRatingRequest request, StreamObserver<GetSellerRatingResponse> responses) {
		AccountRole role = AccountRole.from(request.getSession().getRole());
		JoinedRows<GetSellerRatingResponse> rating = request.getOwn() ? OWN_RATING
				: JoinedRows.byKey("sellers r", "r.id = ?", List.of(request.getSellerId()), RATING_COLUMNS, RATING);
		LiveSessionWithRows<GetSellerRatingResponse> read = this.sessions.authenticate(role,
				request.getSession().getSessionToken(), rating);
		if (request.getOwn() && role != AccountRole.SELLER) {
			throw MarketplaceException.invalidArgument("only a seller session has a rating of its own");
		}
		responses.onNext(read.rows()
			.stream()
			.findFirst()
			.orElseThrow(() -> MarketplaceException.notFound(ErrorCode.SELLER_NOT_FOUND,
					"No seller has ID " + (request.getOwn() ? read.session().userId() : request.getSellerId()))));
		responses.onCompleted();
	}

}
