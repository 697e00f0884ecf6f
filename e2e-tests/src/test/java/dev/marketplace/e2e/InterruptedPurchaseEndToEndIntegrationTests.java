package dev.marketplace.e2e;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import dev.marketplace.testsupport.DatabaseLink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.card;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Exactly once across an interruption: a keyed purchase that was paid for and sold, and whose
 * recording then failed (the customer database unreachable at that moment), is the purchase that
 * every repeat of its Idempotency-Key answers, even after the buyer emptied the cart; meanwhile a
 * repeat is told to come back (409 PURCHASE_IN_PROGRESS with Retry-After), never a contradicting
 * answer. The customer database service reaches its database through a {@link DatabaseLink}; the
 * payment service is frozen while the link is cut, so the purchase is paid just before recording.
 */
class InterruptedPurchaseEndToEndIntegrationTests {

	static MarketplaceWithCustomerDatabaseLink linked;

	static Marketplace marketplace;

	@BeforeAll
	static void marketplace() throws Exception {
		// A checkout left by a request that failed is another's after 2 s; the recovery task looks
		// far less often, so only the repeat can finish the purchase here.
		linked = MarketplaceWithCustomerDatabaseLink.start("interrupted-purchase",
				Map.of("CHECKOUT_LEASE", "2s", "STALLED_CHECKOUTS_CHECK_EVERY", "10m"));
		marketplace = linked.marketplace;
	}

	@AfterAll
	static void stop() throws Exception {
		if (linked != null) {
			linked.close();
		}
	}

	@Test
	void aPaidPurchaseWhoseRecordFailedIsWhatItsKeyAnswersEvenWithTheCartEmptied() throws Exception {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("quantity", 5, "price", 12.5));
		Marketplace.User buyer = marketplace.newBuyer();
		assertThat(marketplace.addToCart(buyer.token(), lamp, 2).status()).isEqualTo(200);
		String key = UUID.randomUUID().toString();

		RestClient.Response interrupted = linked.payThenCutTheCustomerDatabase(buyer, lamp, key, 3);
		assertThat(interrupted.status()).as(interrupted.body().toString()).isEqualTo(503);
		linked.customerDatabase.mend();
		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> marketplace.clearCart(buyer.token()).status() == 204);

		RestClient.Response repeated = repeatUntilNotInProgress(buyer.token(), key);

		assertThat(repeated.status()).as(repeated.body().toString()).isEqualTo(201);
		String purchaseId = repeated.text("purchaseId");
		assertThat(repeated.body().path("items").get(0).path("quantity").asInt()).isEqualTo(2);
		assertThat(marketplace.purchases(buyer.token()).body().path("items").valueStream()
			.map((purchase) -> purchase.path("purchaseId").asString())).containsExactly(purchaseId);
		RestClient.Response again = marketplace.makePurchase(buyer.token(), key, card());
		assertThat(again.status()).isEqualTo(201);
		assertThat(again.text("purchaseId")).isEqualTo(purchaseId);
		assertThat(marketplace.quantity(buyer.token(), lamp)).isEqualTo(3);
	}

	/** As a client honouring the documented 409 PURCHASE_IN_PROGRESS would: waits Retry-After, repeats. */
	private static RestClient.Response repeatUntilNotInProgress(String token, String key) throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		while (true) {
			RestClient.Response response = marketplace.makePurchase(token, key, card());
			boolean inProgress = response.status() == 409 && "PURCHASE_IN_PROGRESS".equals(response.text("code"));
			if (!inProgress || System.nanoTime() > deadline) {
				return response;
			}
			assertThat(response.header("Retry-After")).matches("[1-9][0-9]*");
			Thread.sleep(Duration.ofSeconds(Long.parseLong(response.header("Retry-After"))).toMillis());
		}
	}

}
