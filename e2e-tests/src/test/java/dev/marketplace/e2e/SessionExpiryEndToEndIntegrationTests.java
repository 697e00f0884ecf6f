package dev.marketplace.e2e;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.deskLamp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Sessions end after the configured idle time (here 2 seconds instead of 5 minutes). */
class SessionExpiryEndToEndIntegrationTests {

	static MarketplaceStack stack;

	@BeforeAll
	static void startMarketplace() throws Exception {
		stack = MarketplaceStack.start("expiry", Map.of("SESSION_IDLE_TIMEOUT", "2s"));
	}

	@AfterAll
	static void stopMarketplace() throws Exception {
		if (stack != null) {
			stack.close();
		}
	}

	@Test
	void idleSessionIs401AfterTheTimeoutAndNeverWorksAgain() {
		Marketplace marketplace = new Marketplace(stack);
		String token = marketplace.newSellerSession();
		assertThat(marketplace.registerItem(token, deskLamp()).status()).isEqualTo(201);

		await().pollDelay(Duration.ofSeconds(2))
			.atMost(Duration.ofSeconds(20))
			.until(() -> marketplace.registerItem(token, deskLamp()).status() == 401);

		assertProblem(marketplace.registerItem(token, deskLamp()), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.sellerLogout(token), 401, "UNAUTHENTICATED");
	}

	@Test
	void loginReportsTheConfiguredIdleTimeout() {
		Marketplace marketplace = new Marketplace(stack);
		String username = Marketplace.uniqueUsername();
		marketplace.createBuyer(username);

		assertThat(marketplace.buyerLogin(username, Marketplace.PASSWORD).body().path("idleTimeoutSeconds").asInt())
			.isEqualTo(2);
	}

}
