package dev.marketplace.e2e;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.marketplace.testsupport.DatabaseLink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static dev.marketplace.e2e.Marketplace.card;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Purchases their requests left half-way, finished or undone by the buyer-service's recovery task
 * without any repeat: here a checkout is another's 1 s after its request gave it up, and the task
 * looks every 300 ms. The customer database service reaches its database through a
 * {@link DatabaseLink}; the payment service is frozen while the link is cut, so the purchase is
 * paid and sold just before its record fails.
 */
class StalledPurchaseEndToEndIntegrationTests {

	static final Duration SETTLED_WITHIN = Duration.ofSeconds(30);

	static MarketplaceWithCustomerDatabaseLink linked;

	static MarketplaceStack stack;

	static Marketplace marketplace;

	@BeforeAll
	static void marketplace() throws Exception {
		linked = MarketplaceWithCustomerDatabaseLink.start("stalled-purchases",
				Map.of("CHECKOUT_LEASE", "1s", "STALLED_CHECKOUTS_CHECK_EVERY", "300ms"));
		stack = linked.stack;
		marketplace = linked.marketplace;
	}

	@AfterAll
	static void stop() throws Exception {
		if (linked != null) {
			linked.close();
		}
	}

	@Test
	void aPurchaseSoldWhoseRecordFailedIsCapturedAndRecordedAndLeavesTheCart() throws Exception {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("quantity", 5, "price", 12.5));
		Marketplace.User buyer = marketplace.newBuyer();
		assertThat(marketplace.addToCart(buyer.token(), lamp, 2).status()).isEqualTo(200);
		double capturedBefore = PurchaseFixture.paymentOperations(marketplace, stack, "CapturePayment", "captured");

		RestClient.Response interrupted = linked.payThenCutTheCustomerDatabase(buyer, lamp, null, 3);
		assertThat(interrupted.status()).as(interrupted.body().toString()).isEqualTo(503);
		linked.customerDatabase.mend();

		JsonNode purchase = await().atMost(SETTLED_WITHIN)
			.pollInterval(Duration.ofMillis(200))
			.until(() -> recordedPurchase(buyer), (found) -> found != null);
		assertThat(purchase.path("total").decimalValue()).isEqualByComparingTo("25.0");
		assertThat(purchase.path("items").get(0).path("quantity").asInt()).isEqualTo(2);
		assertThat(PurchaseFixture.itemsSold(stack, seller.token())).isEqualTo(2);
		assertThat(marketplace.cart(buyer.token()).body().path("items")).isEmpty();
		assertThat(marketplace.quantity(buyer.token(), lamp)).isEqualTo(3);
		assertThat(PurchaseFixture.paymentOperations(marketplace, stack, "CapturePayment", "captured"))
			.isGreaterThan(capturedBefore);
	}

	@Test
	void aPurchaseWhosePaymentServiceWentDownIsUndoneAndItsAuthorisationVoided() throws Exception {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("quantity", 5));
		Marketplace.User buyer = marketplace.newBuyer();
		marketplace.addToCart(buyer.token(), lamp, 1);
		stack.financial.stop();
		try {
			RestClient.Response down = marketplace.makePurchase(buyer.token(), null, card());
			assertThat(down.status()).as(down.body().toString()).isEqualTo(503);
		}
		finally {
			stack.financial.restart();
		}

		// Maybe authorised before the service went down: whatever was held is released. The
		// restarted payment service counts from zero.
		await().atMost(SETTLED_WITHIN)
			.pollInterval(Duration.ofMillis(200))
			.until(() -> PurchaseFixture.paymentOperations(marketplace, stack, "VoidPayment", "voided") > 0);
		assertThat(history(buyer)).isEmpty();
		assertThat(marketplace.quantity(buyer.token(), lamp)).isEqualTo(5);
		assertThat(marketplace.cart(buyer.token()).body().path("items").get(0).path("quantity").asInt()).isEqualTo(1);
	}

	static List<JsonNode> history(Marketplace.User buyer) {
		RestClient.Response purchases = marketplace.purchases(buyer.token());
		assertThat(purchases.status()).isEqualTo(200);
		return purchases.body().path("items").valueStream().toList();
	}

	/**
	 * The buyer's one purchase, or null while there is none or the history cannot be read (the
	 * frontend's circuit to the customer database, opened while its database was cut, still open).
	 */
	static JsonNode recordedPurchase(Marketplace.User buyer) {
		RestClient.Response purchases = marketplace.purchases(buyer.token());
		if (purchases.status() != 200) {
			return null;
		}
		List<JsonNode> found = purchases.body().path("items").valueStream().toList();
		assertThat(found).hasSizeLessThanOrEqualTo(1);
		return found.isEmpty() ? null : found.get(0);
	}

}
