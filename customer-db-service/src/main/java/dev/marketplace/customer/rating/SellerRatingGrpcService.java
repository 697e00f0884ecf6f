package dev.marketplace.customer.account;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.GetSellerRatingResponse;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import io.grpc.stub.StreamObserver;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

@Service
class SellerGrpcService extends SellerServiceGrpc.SellerServiceImplBase {

	private final JdbcClient jdbc;

	SellerGrpcService(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** One statement, no transaction: a fifth of all calls under load read a rating. */
	@Override
	public void getSellerRating(GetSellerRatingRequest request, StreamObserver<GetSellerRatingResponse> responses) {
		GetSellerRatingResponse rating = this.jdbc
			.sql("SELECT id, thumbs_up, thumbs_down, items_sold FROM sellers WHERE id = ?")
			.param(request.getSellerId())
			.query((row, number) -> GetSellerRatingResponse.newBuilder()
				.setSellerId(row.getLong("id"))
				.setThumbsUp(row.getInt("thumbs_up"))
				.setThumbsDown(row.getInt("thumbs_down"))
				.setItemsSold(row.getInt("items_sold"))
				.build())
			.optional()
			.orElseThrow(() -> MarketplaceException.notFound(ErrorCode.SELLER_NOT_FOUND,
					"No seller has ID " + request.getSellerId()));
		responses.onNext(rating);
		responses.onCompleted();
	}

}
