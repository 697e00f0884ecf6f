package dev.marketplace.e2e;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.marketplace.proto.product.v1.ReservationState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static dev.marketplace.e2e.Marketplace.card;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A purchase paid for and sold whose record failed (the customer database unreachable past the
 * retries, after the stock was confirmed) is recorded later by the buyer-service, from the
 * product database's confirmed reservation. Here it looks every 300 ms for purchases confirmed
 * over a second ago.
 */
class UnrecordedPurchaseEndToEndIntegrationTests {

	static final Duration RECORDED_WITHIN = Duration.ofSeconds(30);

	static MarketplaceStack stack;

	static Marketplace marketplace;

	@BeforeAll
	static void marketplace() throws Exception {
		stack = MarketplaceStack.start("unrecorded-purchases",
				Map.of("UNRECORDED_PURCHASES_CHECK_EVERY", "300ms", "UNRECORDED_PURCHASES_AFTER", "1s"));
		marketplace = new Marketplace(stack);
	}

	@AfterAll
	static void stop() throws Exception {
		if (stack != null) {
			stack.close();
		}
	}

	@Test
	void aPaidPurchaseThatWasNeverRecordedReachesTheBuyersHistoryAndTheSellersCount() {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("quantity", 5, "price", 12.5));
		Marketplace.User buyer = marketplace.newBuyer();

		String purchaseId = PurchaseFixture.paidButUnrecorded(stack, buyer.id(), lamp, 2);

		JsonNode purchase = await().atMost(RECORDED_WITHIN)
			.pollInterval(Duration.ofMillis(200))
			.until(() -> only(history(buyer)), (found) -> found != null);
		assertThat(purchase.path("purchaseId").asString()).isEqualTo(purchaseId);
		assertThat(purchase.path("total").decimalValue()).isEqualByComparingTo("25.0");
		assertThat(purchase.path("items").get(0).path("itemId").asString()).isEqualTo(lamp);
		assertThat(purchase.path("items").get(0).path("quantity").asInt()).isEqualTo(2);
		assertThat(purchase.path("items").get(0).path("sellerId").asLong()).isEqualTo(seller.id());
		assertThat(PurchaseFixture.itemsSold(stack, seller.token())).isEqualTo(2);
		await().atMost(RECORDED_WITHIN)
			.until(() -> PurchaseFixture.reservationState(stack, purchaseId) == ReservationState.RECORDED);
		await().atMost(RECORDED_WITHIN).until(() -> recordedLate() >= 1.0);
	}

	@Test
	void aPurchaseItsRequestRecordedIsRecordedOnceAndItsCartStaysEmpty() {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("quantity", 5));
		Marketplace.User buyer = marketplace.newBuyer();
		marketplace.addToCart(buyer.token(), lamp, 3);
		RestClient.Response purchase = marketplace.makePurchase(buyer.token(), null, card());
		assertThat(purchase.status()).as(purchase.body().toString()).isEqualTo(201);
		String purchaseId = purchase.text("purchaseId");

		await().atMost(RECORDED_WITHIN)
			.until(() -> PurchaseFixture.reservationState(stack, purchaseId) == ReservationState.RECORDED);

		assertThat(history(buyer)).extracting((found) -> found.path("purchaseId").asString())
			.containsExactly(purchaseId);
		assertThat(PurchaseFixture.itemsSold(stack, seller.token())).isEqualTo(3);
		assertThat(marketplace.cart(buyer.token()).body().path("items")).isEmpty();
		assertThat(marketplace.quantity(buyer.token(), lamp)).isEqualTo(2);
	}

	@Test
	void aPurchaseRecordedLateTakesTheUnitsBoughtOutOfTheBuyersCartAndSavedCart() {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("quantity", 5));
		String desk = marketplace.listItem(seller.token(), item("quantity", 5));
		Marketplace.User buyer = marketplace.newBuyer();
		marketplace.addToCart(buyer.token(), lamp, 3);
		marketplace.addToCart(buyer.token(), desk, 1);
		assertThat(marketplace.saveCart(buyer.token()).status()).isEqualTo(204);

		String purchaseId = PurchaseFixture.paidButUnrecorded(stack, buyer.id(), lamp, 2);
		await().atMost(RECORDED_WITHIN)
			.until(() -> PurchaseFixture.reservationState(stack, purchaseId) == ReservationState.RECORDED);

		assertThat(cartLines(buyer.token())).containsExactlyInAnyOrderEntriesOf(Map.of(lamp, 1, desk, 1));
		String nextSession = marketplace.buyerLogin(buyer.username(), Marketplace.PASSWORD).text("sessionToken");
		assertThat(cartLines(nextSession)).as("the saved cart, copied at login")
			.containsExactlyInAnyOrderEntriesOf(Map.of(lamp, 1, desk, 1));
	}

	static Map<String, Integer> cartLines(String token) {
		return marketplace.cart(token)
			.body()
			.path("items")
			.valueStream()
			.collect(Collectors.toMap((line) -> line.path("itemId").asString(), (line) -> line.path("quantity").asInt()));
	}

	/** The buyer-service's count of purchases it recorded after their request. */
	static double recordedLate() {
		return marketplace.rest.get(stack.buyerManagementUrl + "/actuator/metrics/marketplace.purchases.recorded.late", null)
			.body()
			.path("measurements")
			.get(0)
			.path("value")
			.asDouble();
	}

	static List<JsonNode> history(Marketplace.User buyer) {
		RestClient.Response purchases = marketplace.purchases(buyer.token());
		assertThat(purchases.status()).isEqualTo(200);
		return purchases.body().path("items").valueStream().toList();
	}

	/** The one purchase of the list, or null while there is none. */
	static JsonNode only(List<JsonNode> purchases) {
		assertThat(purchases).hasSizeLessThanOrEqualTo(1);
		return purchases.isEmpty() ? null : purchases.get(0);
	}

}
