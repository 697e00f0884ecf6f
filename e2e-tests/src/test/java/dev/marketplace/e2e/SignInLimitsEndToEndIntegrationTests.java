package dev.marketplace.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.PASSWORD;
import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.deskLamp;
import static dev.marketplace.e2e.Marketplace.uniqueUsername;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Logins and sign-ups as a flood and as a burst meet them: a password guessed at one account is
 * refused past the limit (429 with Retry-After) until the window has passed, while a burst of 200
 * different users signing up and in at once, with passwords hashed at full strength, is served
 * whole, and other requests during it are too.
 */
class SignInLimitsEndToEndIntegrationTests {

	static final int BURST = 200;

	static MarketplaceStack stack;

	static Marketplace marketplace;

	@BeforeAll
	static void marketplace() throws Exception {
		// The burst's last sign-ins wait behind about 400 hashes, past the default 30 s on two slow
		// cores: wider deadlines let the test check that the queue serves everyone, and other calls
		// meanwhile, rather than how fast the machine hashes.
		stack = MarketplaceStack.start("sign-in-limits",
				Map.of("LOGIN_LIMIT_PER_USERNAME", "3", "ATTEMPT_LIMIT_WINDOW", "3s", "PASSWORD_BCRYPT_STRENGTH", "10",
						"PASSWORD_CALL_DEADLINE", "2m", "PASSWORD_HASHING_MAX_WAIT", "2m"));
		marketplace = new Marketplace(stack);
	}

	@AfterAll
	static void stop() throws Exception {
		if (stack != null) {
			stack.close();
		}
	}

	@Test
	void aLoginFloodIs429AfterTheLimitAndTheRightPasswordWorksAfterTheWindow() {
		String username = uniqueUsername();
		assertThat(marketplace.createSeller(username).status()).isEqualTo(201);
		for (int i = 0; i < 3; i++) {
			assertProblem(marketplace.sellerLogin(username, "wrong-password"), 401, "INVALID_CREDENTIALS");
		}

		RestClient.Response flooded = marketplace.sellerLogin(username, PASSWORD);

		assertProblem(flooded, 429, "TOO_MANY_REQUESTS");
		assertThat(flooded.header("Retry-After")).matches("[1-3]");
		RestClient.Response after = await().atMost(Duration.ofSeconds(10))
			.pollInterval(Duration.ofMillis(500))
			.until(() -> marketplace.sellerLogin(username, PASSWORD), (login) -> login.status() != 429);
		assertThat(after.status()).isEqualTo(200);
		assertThat(after.text("sessionToken")).isNotEmpty();
	}

	@Test
	void aBurstOf200SignUpsAndLoginsIsServedWholeAndOtherRequestsWithIt() throws Exception {
		String seller = marketplace.newSellerSession();
		String lamp = marketplace.listItem(seller, deskLamp());
		ExecutorService clients = Executors.newFixedThreadPool(BURST + 1);
		try {
			List<Future<Integer>> signIns = new ArrayList<>();
			for (int i = 0; i < BURST; i++) {
				signIns.add(clients.submit(() -> {
					String username = uniqueUsername();
					int created = marketplace.createBuyer(username).status();
					return (created == 201) ? marketplace.buyerLogin(username, PASSWORD).status() : created;
				}));
			}
			Future<List<Integer>> others = clients.submit(() -> {
				List<Integer> statuses = new ArrayList<>();
				while (signIns.stream().anyMatch((signIn) -> !signIn.isDone())) {
					statuses.add(marketplace.itemsForSale(seller, "").status());
					statuses.add(marketplace.changePrice(seller, lamp, 9.99).status());
				}
				return statuses;
			});

			for (Future<Integer> signIn : signIns) {
				assertThat(signIn.get()).isEqualTo(200);
			}
			assertThat(others.get()).isNotEmpty().containsOnly(200);
		}
		finally {
			clients.shutdownNow();
		}
	}

}
