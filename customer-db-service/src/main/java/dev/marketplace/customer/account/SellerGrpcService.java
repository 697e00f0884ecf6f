package dev.marketplace.customer.account;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.GetSellerRatingResponse;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
class SellerGrpcService extends SellerServiceGrpc.SellerServiceImplBase {

	private final SellerRepository sellers;

	SellerGrpcService(SellerRepository sellers) {
		this.sellers = sellers;
	}

	@Override
	@Transactional(readOnly = true)
	public void getSellerRating(GetSellerRatingRequest request, StreamObserver<GetSellerRatingResponse> responses) {
		Seller seller = this.sellers.findById(request.getSellerId())
			.orElseThrow(() -> MarketplaceException.notFound(ErrorCode.SELLER_NOT_FOUND,
					"No seller has ID " + request.getSellerId()));
		responses.onNext(GetSellerRatingResponse.newBuilder()
			.setSellerId(seller.getId())
			.setThumbsUp(seller.getThumbsUp())
			.setThumbsDown(seller.getThumbsDown())
			.setItemsSold(seller.getItemsSold())
			.build());
		responses.onCompleted();
	}

}
