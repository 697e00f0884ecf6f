package dev.marketplace.e2e;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import dev.marketplace.testsupport.DatabaseLink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static dev.marketplace.e2e.Marketplace.assertUnavailable;
import static dev.marketplace.e2e.Marketplace.card;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The database server cut off from both database services, as by a network failure or a crash,
 * then reachable again: real processes and a real database server, with a {@link DatabaseLink}
 * between them. The frontends here give a database service 30 s to answer, so a database service
 * that waited for its database rather than answering would show as a hang. The tests run in
 * order: the second finds the link as the first left it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DatabaseUnreachableEndToEndIntegrationTests {

	static DatabaseLink link;

	static MarketplaceStack stack;

	static Marketplace marketplace;

	static String seller;

	static String buyer;

	static String lamp;

	@BeforeAll
	static void marketplace() throws Exception {
		link = new DatabaseLink();
		link.mend();
		stack = MarketplaceStack.start("database-unreachable", Map.of("GRPC_DEADLINE", "30s"), link::route);
		marketplace = new Marketplace(stack);
		seller = marketplace.newSellerSession();
		buyer = marketplace.newBuyerSession();
		lamp = marketplace.listItem(seller, item("quantity", 5, "price", 12.5));
		assertThat(marketplace.addToCart(buyer, lamp, 1).status()).isEqualTo(200);
	}

	@AfterAll
	static void stop() throws Exception {
		if (stack != null) {
			stack.close();
		}
		if (link != null) {
			link.close();
		}
	}

	@Test
	@Order(1)
	void everyCallIs503FastWhileTheDatabaseIsUnreachable() throws Exception {
		link.cut();
		List<Supplier<RestClient.Response>> calls = List.of(() -> marketplace.getItem(buyer, lamp),
				() -> marketplace.addToCart(buyer, lamp, 1), () -> marketplace.changePrice(seller, lamp, 99),
				() -> marketplace.cart(buyer), () -> marketplace.makePurchase(buyer, null, card()),
				() -> marketplace.sellerRating(seller));

		// Two thirds of the calls go to the buyer frontend, a third to the seller frontend: enough
		// for each frontend's circuit to meet its minimum (20) and open, so calls are answered
		// before and after it does.
		for (int i = 0; i < 66; i++) {
			long start = System.nanoTime();
			assertUnavailable(calls.get(i % calls.size()).get());
			assertThat(Duration.ofNanos(System.nanoTime() - start)).as("call %d", i)
				.isLessThan(PaymentFailureEndToEndIntegrationTests.NO_HANG);
		}
		assertThat(marketplace.circuitOpen(stack.buyerManagementUrl, "customer-db")).as("buyer's circuit open")
			.isTrue();
		assertThat(marketplace.circuitOpen(stack.sellerManagementUrl, "customer-db")).as("seller's circuit open")
			.isTrue();
	}

	@Test
	@Order(2)
	void onceItIsReachableAgainCallsSucceedAndNothingTheOutageRefusedTookEffect() throws Exception {
		link.mend();

		// Until every call succeeds: each circuit half-opens after its wait and closes once its trial
		// calls succeed, which they may not while the pool is still reconnecting.
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
			RestClient.Response item = marketplace.getItem(buyer, lamp);
			assertThat(item.status()).isEqualTo(200);
			assertThat(item.body().path("price").asDouble()).isEqualTo(12.5);
			assertThat(item.body().path("quantity").asInt()).isEqualTo(5);
			RestClient.Response cart = marketplace.cart(buyer);
			assertThat(cart.status()).isEqualTo(200);
			assertThat(cart.body().path("items")).hasSize(1);
			assertThat(cart.body().path("items").get(0).path("quantity").asInt()).isEqualTo(1);
			RestClient.Response purchases = marketplace.purchases(buyer);
			assertThat(purchases.status()).isEqualTo(200);
			assertThat(purchases.body().path("items")).isEmpty();
			assertThat(marketplace.sellerRating(seller).status()).isEqualTo(200);
		});
	}

}
