package dev.marketplace.e2e;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.card;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The compensation: a payment approved whose stock can no longer be confirmed, because its
 * reservation ran out while the payment service was slow (frozen here past the 1-s TTL, within
 * the buyer-service's payment timeout), is
 * voided; the stock is back on sale, the cart is as it was, nothing is recorded.
 */
class CompensatedPurchaseEndToEndIntegrationTests {

	static MarketplaceStack stack;

	static Marketplace marketplace;

	@BeforeAll
	static void marketplace() throws Exception {
		stack = MarketplaceStack.start("compensated-purchase",
				Map.of("STOCK_RESERVATION_TTL", "1s", "STOCK_SWEEP_INTERVAL", "200ms",
						"PAYMENT_TIMEOUT", "10s"));
		marketplace = new Marketplace(stack);
	}

	@AfterAll
	static void stop() throws Exception {
		if (stack != null) {
			stack.close();
		}
	}

	@Test
	void anApprovedPaymentWhoseStockRanOutIsVoidedAndTheCartStaysAsItWas() throws Exception {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("quantity", 5));
		Marketplace.User buyer = marketplace.newBuyer();
		marketplace.addToCart(buyer.token(), lamp, 2);
		double voidedBefore = PurchaseFixture.paymentOperations(marketplace, stack, "VoidPayment", "voided");
		String key = UUID.randomUUID().toString();

		RestClient.Response undone = payAfterTheReservationRanOut(buyer, lamp, key);

		assertThat(undone.status()).as(undone.body().toString()).isEqualTo(503);
		assertThat(PurchaseFixture.paymentOperations(marketplace, stack, "VoidPayment", "voided"))
			.isGreaterThan(voidedBefore);
		assertThat(PurchaseFixture.paymentOperations(marketplace, stack, "CapturePayment", "captured")).isZero();
		assertThat(marketplace.quantity(buyer.token(), lamp)).isEqualTo(5);
		assertThat(marketplace.cart(buyer.token()).body().path("items").get(0).path("quantity").asInt()).isEqualTo(2);
		assertThat(marketplace.purchases(buyer.token()).body().path("items")).isEmpty();
		assertThat(PurchaseFixture.itemsSold(stack, seller.token())).isZero();

		RestClient.Response repeated = marketplace.makePurchase(buyer.token(), key, card());
		assertThat(repeated.status()).as("nothing was bought, so the key's repeat buys afresh").isEqualTo(201);
		assertThat(marketplace.quantity(buyer.token(), lamp)).isEqualTo(3);
	}

	/** Purchases with the payment service frozen until the reservation's TTL has put the stock back. */
	static RestClient.Response payAfterTheReservationRanOut(Marketplace.User buyer, String itemId, String key)
			throws Exception {
		stack.financial.freeze();
		CompletableFuture<RestClient.Response> purchase;
		try {
			purchase = CompletableFuture.supplyAsync(() -> marketplace.makePurchase(buyer.token(), key, card()));
			await().atMost(Duration.ofSeconds(10))
				.pollInterval(Duration.ofMillis(20))
				.until(() -> marketplace.quantity(buyer.token(), itemId) == 3);
			await().atMost(Duration.ofSeconds(10))
				.pollInterval(Duration.ofMillis(50))
				.until(() -> marketplace.quantity(buyer.token(), itemId) == 5);
		}
		finally {
			stack.financial.thaw();
		}
		return purchase.get();
	}

}
