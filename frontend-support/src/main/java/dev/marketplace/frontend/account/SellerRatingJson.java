package dev.marketplace.frontend.account;

import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc.SellerServiceBlockingStub;

/** GetSellerRating's answer on both frontends. */
public record SellerRatingJson(long sellerId, int thumbsUp, int thumbsDown) {

	public static SellerRatingJson of(SellerServiceBlockingStub sellers, long sellerId) {
		var rating = sellers.getSellerRating(GetSellerRatingRequest.newBuilder().setSellerId(sellerId).build());
		return new SellerRatingJson(rating.getSellerId(), rating.getThumbsUp(), rating.getThumbsDown());
	}

}
