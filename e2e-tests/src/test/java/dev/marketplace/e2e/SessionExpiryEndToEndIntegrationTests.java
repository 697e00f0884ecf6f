package dev.marketplace.e2e;

import java.time.Duration;
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

	/** The idle timeout plus the activity resolution: the longest a session may outlive its last request. */
	static final Duration LONGEST_IDLE_LIFE = Duration.ofMillis(2100);

	static MarketplaceStack stack;

	@BeforeAll
	static void startMarketplace() throws Exception {
		stack = MarketplaceStack.start("expiry", Map.of("SESSION_IDLE_TIMEOUT", "2s", "SESSION_ACTIVITY_RESOLUTION", "100ms"));
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

		// Not polled: each check is a request, and one made before the session's end would keep
		// it alive.
		Thread.sleep(LONGEST_IDLE_LIFE.toMillis());

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
