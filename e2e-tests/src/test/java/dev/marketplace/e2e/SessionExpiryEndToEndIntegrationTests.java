package dev.marketplace.e2e;

import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.deskLamp;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sessions end after the configured idle time (here 2 seconds instead of 5 minutes), at most
 * one activity resolution (here 100 ms) later.
 */
class SessionExpiryEndToEndIntegrationTests {

	static final long IDLE_TIMEOUT_MS = 2000;

	static final long ACTIVITY_RESOLUTION_MS = 100;

	static MarketplaceStack stack;

	@BeforeAll
	static void startMarketplace() throws Exception {
		stack = MarketplaceStack.start("expiry", Map.of("SESSION_IDLE_TIMEOUT", IDLE_TIMEOUT_MS + "ms",
				"SESSION_ACTIVITY_RESOLUTION", ACTIVITY_RESOLUTION_MS + "ms"));
	}

	@AfterAll
	static void stopMarketplace() throws Exception {
		if (stack != null) {
			stack.close();
		}
	}

	@Test
	void idleSessionIs401AfterTheTimeoutAndNeverWorksAgain() throws InterruptedException {
		Marketplace marketplace = new Marketplace(stack);
		String token = marketplace.newSellerSession();
		assertThat(marketplace.registerItem(token, deskLamp()).status()).isEqualTo(201);

		// Waits out the longest a session may outlive its last request (the timeout plus the
		// resolution) instead of polling: each check is a request, and one made before the
		// session's end would keep it alive.
		Thread.sleep(IDLE_TIMEOUT_MS + ACTIVITY_RESOLUTION_MS);

		assertProblem(marketplace.registerItem(token, deskLamp()), 401, "UNAUTHENTICATED");
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
