package dev.marketplace.e2e;

import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.deskLamp;
import static org.assertj.core.api.Assertions.assertThat;

/** ProvideFeedback, GetSellerRating by ID and GetBuyerPurchases over HTTP. */
class FeedbackAndHistoryEndToEndIntegrationTests extends SharedMarketplaceTest {

	@Test
	void feedbackOnABoughtItemCountsForItemAndSellerOnce() {
		Marketplace.User seller = marketplace.newSeller();
		String itemId = marketplace.listItem(seller.token(), deskLamp());
		Marketplace.User buyer = marketplace.newBuyer();
		PurchaseFixture.recordPurchase(stack, buyer.id(), itemId, 1, 1250, seller.id(), System.currentTimeMillis());

		assertThat(marketplace.feedback(buyer.token(), itemId, "UP").status()).isEqualTo(204);
		assertProblem(marketplace.feedback(buyer.token(), itemId, "DOWN"), 409, "FEEDBACK_ALREADY_GIVEN");

		assertThat(marketplace.getItem(buyer.token(), itemId).body().path("feedback").path("thumbsUp").asInt())
			.isEqualTo(1);
		RestClient.Response rating = marketplace.sellerRatingById(buyer.token(), seller.id());
		assertThat(rating.body().path("thumbsUp").asInt()).isEqualTo(1);
		assertThat(rating.body().path("thumbsDown").asInt()).isZero();
		assertThat(marketplace.sellerRating(seller.token()).body().path("thumbsUp").asInt()).isEqualTo(1);
	}

	@Test
	void feedbackOnAnItemNotBoughtIs403NotPurchased() {
		String itemId = marketplace.listItem(marketplace.newSellerSession(), deskLamp());

		assertProblem(marketplace.feedback(marketplace.newBuyerSession(), itemId, "UP"), 403, "NOT_PURCHASED");
	}

	@Test
	void feedbackOnAnUnknownItemIs404AndAnUnknownVoteIs400() {
		String buyer = marketplace.newBuyerSession();
		String itemId = marketplace.listItem(marketplace.newSellerSession(), deskLamp());

		assertProblem(marketplace.feedback(buyer, "3-999999999", "UP"), 404, "ITEM_NOT_FOUND");
		assertProblem(marketplace.feedback(buyer, itemId, "SIDEWAYS"), 400, "VALIDATION_FAILED");
	}

	@Test
	void ratingsNeedALiveSessionOfTheFrontendsRole() {
		Marketplace.User seller = marketplace.newSeller();
		String buyer = marketplace.newBuyerSession();
		assertThat(marketplace.buyerLogout(buyer).status()).isEqualTo(204);

		assertProblem(marketplace.sellerRatingById(buyer, seller.id()), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.sellerRatingById(seller.token(), seller.id()), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.sellerRating(marketplace.newBuyerSession()), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.sellerRating("bogus-token"), 401, "UNAUTHENTICATED");
	}

	@Test
	void unknownSellerRatingIs404SellerNotFound() {
		assertProblem(marketplace.sellerRatingById(marketplace.newBuyerSession(), 999_999_999), 404,
				"SELLER_NOT_FOUND");
	}

	@Test
	void purchaseHistoryIsEmptyFirstThenNewestFirst() {
		Marketplace.User seller = marketplace.newSeller();
		String itemId = marketplace.listItem(seller.token(), deskLamp());
		Marketplace.User buyer = marketplace.newBuyer();
		assertThat(marketplace.purchases(buyer.token()).body().path("items").size()).isZero();

		String older = PurchaseFixture.recordPurchase(stack, buyer.id(), itemId, 1, 1250, seller.id(), 1_000_000);
		String newer = PurchaseFixture.recordPurchase(stack, buyer.id(), itemId, 2, 1250, seller.id(), 2_000_000);

		RestClient.Response history = marketplace.purchases(buyer.token());
		assertThat(history.body().path("items").findValuesAsString("purchaseId")).containsExactly(newer, older);
		assertThat(history.body().path("items").get(0).path("total").decimalValue()).isEqualByComparingTo("25");
		assertThat(history.body().path("items").get(0).path("purchasedAt").asString())
			.isEqualTo("1970-01-01T00:33:20Z");
		assertThat(history.body().path("items").get(0).path("items").get(0).path("sellerId").asLong())
			.isEqualTo(seller.id());
	}

}
