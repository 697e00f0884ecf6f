package dev.marketplace.frontend.account;

import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc.SellerServiceBlockingStub;
import dev.marketplace.proto.customer.v1.SessionCredentials;

/**
 * GetSellerRating's answer on both frontends. The customer database checks the session with the
 * read, so a rating costs one call to it, not two.
 */
public record SellerRatingJson(long sellerId, int thumbsUp, int thumbsDown) {

	/** A seller's rating, read in a buyer session. */
	public static SellerRatingJson ofSeller(SellerServiceBlockingStub sellers, long sellerId, BearerToken buyer) {
		return read(sellers, GetSellerRatingRequest.newBuilder().setSellerId(sellerId), buyer, Role.BUYER);
	}

	/** The rating of the seller whose session this is. */
	public static SellerRatingJson own(SellerServiceBlockingStub sellers, BearerToken seller) {
		return read(sellers, GetSellerRatingRequest.newBuilder().setOwn(true), seller, Role.SELLER);
	}

	private static SellerRatingJson read(SellerServiceBlockingStub sellers, GetSellerRatingRequest.Builder request,
			BearerToken session, Role role) {
		var rating = sellers.getSellerRating(request
			.setSession(SessionCredentials.newBuilder().setRole(role).setSessionToken(session.value()))
			.build());
		return new SellerRatingJson(rating.getSellerId(), rating.getThumbsUp(), rating.getThumbsDown());
	}

}
