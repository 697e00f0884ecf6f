package dev.marketplace.e2e;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.assertUnavailable;
import static dev.marketplace.e2e.Marketplace.card;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Declines and dependencies that are down, with real processes stopped and started again. The
 * payment service starts out declining everything. The tests run in order: each leaves the
 * stack as the next expects.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PaymentFailureEndToEndIntegrationTests {

	/** Not a speed target: a bound that tells a fast failure from a hang. */
	static final Duration NO_HANG = Duration.ofSeconds(5);

	static MarketplaceStack stack;

	static Marketplace marketplace;

	static String seller;

	@BeforeAll
	static void marketplace() throws Exception {
		stack = MarketplaceStack.start("payment-failures", Map.of("PAYMENT_APPROVAL_PROBABILITY", "0.0"));
		marketplace = new Marketplace(stack);
		seller = marketplace.newSellerSession();
	}

	@AfterAll
	static void stop() throws Exception {
		if (stack != null) {
			stack.close();
		}
	}

	@Test
	@Order(1)
	void declinedPaymentIs402ReleasesTheStockAndKeepsTheCart() {
		String lamp = marketplace.listItem(seller, item("quantity", 5));
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 2);

		assertProblem(marketplace.makePurchase(buyer, null, card()), 402, "PAYMENT_DECLINED");

		assertThat(marketplace.quantity(buyer, lamp)).isEqualTo(5);
		assertThat(marketplace.cart(buyer).body().path("items").get(0).path("quantity").asInt()).isEqualTo(2);
		assertThat(marketplace.purchases(buyer).body().path("items").size()).isZero();
	}

	@Test
	@Order(2)
	void paymentServiceDownIs503FastReleasesTheStockAndRecordsNothingThenRecovers() throws Exception {
		String lamp = marketplace.listItem(seller, item("quantity", 5));
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 1);
		stack.financial.stop();

		long start = System.nanoTime();
		RestClient.Response down = marketplace.makePurchase(buyer, null, card());
		Duration took = Duration.ofNanos(System.nanoTime() - start);

		assertUnavailable(down);
		assertThat(took).isLessThan(NO_HANG);
		assertThat(marketplace.quantity(buyer, lamp)).isEqualTo(5);
		assertThat(marketplace.purchases(buyer).body().path("items").size()).isZero();
		assertThat(marketplace.cart(buyer).body().path("items").size()).isEqualTo(1);

		stack.financial.restart(Map.of("PAYMENT_APPROVAL_PROBABILITY", "1.0"));

		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(500))
			.until(() -> marketplace.makePurchase(buyer, null, card()).status() == 201);
		assertThat(marketplace.quantity(buyer, lamp)).isEqualTo(4);
	}

	@Test
	@Order(3)
	void productDatabaseDownIs503FastOpensTheCircuitLeavesTheFrontendHealthyThenRecovers() throws Exception {
		String lamp = marketplace.listItem(seller, item("quantity", 5));
		String buyer = marketplace.newBuyerSession();
		stack.productDb.stop();

		// More calls than the circuit's minimum (20) before it judges the failure rate.
		for (int i = 0; i < 25; i++) {
			long start = System.nanoTime();
			assertUnavailable(marketplace.getItem(buyer, lamp));
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(NO_HANG);
		}
		assertThat(marketplace.circuitOpen(stack.buyerManagementUrl, "product-db")).as("circuit open").isTrue();
		RestClient.Response health = marketplace.rest.get(stack.buyerManagementUrl + "/actuator/health", null);
		assertThat(health.status()).as("a frontend with an open circuit still answers, so it stays healthy")
			.isEqualTo(200);
		assertThat(health.body().path("status").asString()).isEqualTo("UP");

		stack.productDb.restart();

		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(500))
			.until(() -> marketplace.getItem(buyer, lamp).status() == 200);
	}

}
