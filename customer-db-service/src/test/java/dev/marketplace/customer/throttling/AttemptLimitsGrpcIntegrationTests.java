package dev.marketplace.customer.throttling;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.customer.LockingTransaction;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.CreateAccountRequest;
import dev.marketplace.proto.customer.v1.LoginRequest;
import dev.marketplace.proto.customer.v1.LoginResponse;
import dev.marketplace.proto.customer.v1.Role;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

@TestPropertySource(properties = { "marketplace.attempt-limits.logins-per-username=3",
		"marketplace.attempt-limits.logins-per-address=5", "marketplace.attempt-limits.sign-ups-per-username=2",
		"marketplace.attempt-limits.sign-ups-per-address=2",
		"marketplace.attempt-limits.window=2s" })
class AttemptLimitsGrpcIntegrationTests extends CustomerDbIntegrationTest {

	@Autowired
	DataSource dataSource;

	@Autowired
	AttemptLimits.Settings settings;

	@Test
	void aLoginPastTheUsernamesLimitIsRefusedWithTheTimeToWaitEvenWithTheRightPassword() {
		String username = unique();
		this.grpc.createAccount(Role.SELLER, username, PASSWORD);
		for (int i = 0; i < 3; i++) {
			assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.INVALID_CREDENTIALS,
					() -> login(username, "wrong-password", ""));
		}

		StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
				() -> login(username, PASSWORD, ""));

		assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
		assertThat(MarketplaceException.errorCodeOf(refused)).contains(ErrorCode.TOO_MANY_REQUESTS);
		assertThat(MarketplaceException.retryDelayOf(refused)).hasValueSatisfying(
				(delay) -> assertThat(delay).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(2)));
	}

	@Test
	void theRightPasswordWorksAgainOnceTheWindowHasPassed() {
		String username = unique();
		this.grpc.createAccount(Role.BUYER, username, PASSWORD);
		for (int i = 0; i < 4; i++) {
			catchThrowableOfType(StatusRuntimeException.class, () -> login(Role.BUYER, username, "wrong-password"));
		}

		LoginResponse login = await().atMost(Duration.ofSeconds(10))
			.pollInterval(Duration.ofMillis(250))
			.ignoreException(StatusRuntimeException.class)
			.until(() -> login(Role.BUYER, username, PASSWORD), (response) -> !response.getSessionToken().isEmpty());
		assertThat(login.getSessionToken()).isNotEmpty();
	}

	@Test
	void loginsFromOneAddressAreLimitedWhateverTheUsernameAndOtherAddressesAreNot() {
		for (int i = 0; i < 5; i++) {
			assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.INVALID_CREDENTIALS,
					() -> login(unique(), "wrong-password", "192.0.2.7"));
		}

		assertFailsWith(Status.Code.RESOURCE_EXHAUSTED, ErrorCode.TOO_MANY_REQUESTS,
				() -> login(unique(), "wrong-password", "192.0.2.7"));
		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.INVALID_CREDENTIALS,
				() -> login(unique(), "wrong-password", "192.0.2.8"));
	}

	@Test
	void signUpsFromOneAddressAreLimited() {
		signUp("198.51.100.4");
		signUp("198.51.100.4");

		assertFailsWith(Status.Code.RESOURCE_EXHAUSTED, ErrorCode.TOO_MANY_REQUESTS, () -> signUp("198.51.100.4"));
		signUp("198.51.100.5");
	}

	@Test
	void signUpsAskingForOneUsernameAreLimitedTakenOrNot() {
		String username = unique();
		this.grpc.createAccount(Role.SELLER, username, PASSWORD);
		assertFailsWith(Status.Code.ALREADY_EXISTS, ErrorCode.USERNAME_TAKEN,
				() -> this.grpc.createAccount(Role.SELLER, username, PASSWORD));

		assertFailsWith(Status.Code.RESOURCE_EXHAUSTED, ErrorCode.TOO_MANY_REQUESTS,
				() -> this.grpc.createAccount(Role.SELLER, username, PASSWORD));
	}

	/** A replica of this service has limits of its own object, on the same database: the same buckets. */
	@Test
	void everyReplicaDrawsFromTheSameBuckets() {
		AttemptLimits replica = new AttemptLimits(this.dataSource, this.settings);
		for (int i = 0; i < 2; i++) {
			replica.signUp("BUYER", unique(), "203.0.113.9");
		}

		assertFailsWith(Status.Code.RESOURCE_EXHAUSTED, ErrorCode.TOO_MANY_REQUESTS, () -> signUp("203.0.113.9"));
	}

	/**
	 * The deadlock a sweep of refilled buckets meets with an attempt, made here by a transaction
	 * that locks the bucket's expiry, then its row, while the attempt holds the row and waits to
	 * write a new expiry. The database rolls back the lighter transaction: the attempt's.
	 */
	@Test
	void anAttemptThatLosesADeadlockIsCountedAgain() throws Exception {
		AttemptLimits limits = new AttemptLimits(this.dataSource,
				settings(10, 2, Duration.ofHours(1), 4));
		String username = unique();
		limits.signUp("BUYER", username, "");
		String bucket = AttemptLimits.idOf("sign-up:BUYER:" + username);
		// An expiry the next attempt writes anew, as it does once a window has passed.
		this.jdbc.sql("UPDATE attempt_limits SET expires_at = expires_at - 60000 WHERE id = ?").param(bucket).update();
		long expiresAt = this.jdbc.sql("SELECT expires_at FROM attempt_limits WHERE id = ?")
			.param(bucket)
			.query(Long.class)
			.single();

		try (LockingTransaction sweep = new LockingTransaction(this.dataSource)) {
			sweep.execute("SELECT id FROM attempt_limits FORCE INDEX (attempt_limits_expiry)"
					+ " WHERE expires_at = ? LOCK IN SHARE MODE", expiresAt);
			FutureTask<Void> attempt = new FutureTask<>(() -> limits.signUp("BUYER", username, ""), null);
			new Thread(attempt, "attempt").start();
			LockingTransaction.awaitStatementWaiting(this.jdbc, "UPDATE attempt_limits");

			sweep.execute("SELECT id FROM attempt_limits WHERE id = ? FOR UPDATE", bucket);
			sweep.close();

			attempt.get(10, TimeUnit.SECONDS);
		}
		assertThat(catchThrowableOfType(MarketplaceException.class, () -> limits.signUp("BUYER", username, ""))
			.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
	}

	/**
	 * Attempts from one address take its bucket's row lock in turn, each waiting in the database
	 * on a connection of its own: only the bulkhead's few do, and the others wait for their turn
	 * without one, leaving the pool to every other call.
	 */
	@Test
	void attemptsWaitingOnOneBucketHoldNoMoreConnectionsThanTheBulkheadAllows() throws Exception {
		AttemptLimits limits = new AttemptLimits(this.dataSource, settings(1_000, 1_000, Duration.ofHours(1), 2));
		limits.login("SELLER", unique(), "192.0.2.60");
		ExecutorService attempts = Executors.newFixedThreadPool(10);
		try (LockingTransaction holder = new LockingTransaction(this.dataSource)) {
			holder.execute("SELECT id FROM attempt_limits WHERE id = ? FOR UPDATE",
					AttemptLimits.idOf("login-from:192.0.2.60"));
			List<Future<?>> waiting = new ArrayList<>();
			for (int i = 0; i < 10; i++) {
				waiting.add(attempts.submit(() -> limits.login("SELLER", unique(), "192.0.2.60")));
			}

			await().during(Duration.ofMillis(500))
				.atMost(Duration.ofSeconds(10))
				.until(() -> LockingTransaction.statementsRunning(this.jdbc, "SELECT state as state FROM attempt_limits"),
						(running) -> running == 2);

			holder.close();
			for (Future<?> attempt : waiting) {
				attempt.get(10, TimeUnit.SECONDS);
			}
		}
		finally {
			attempts.shutdownNow();
		}
	}

	@Test
	void noUsernameIsStoredAsText() {
		String username = unique();
		catchThrowableOfType(StatusRuntimeException.class, () -> login(username, "wrong-password", ""));

		assertThat(this.jdbc.sql("SELECT COUNT(*) FROM attempt_limits WHERE id LIKE ?")
			.param("%" + username + "%")
			.query(Long.class)
			.single()).isZero();
		assertThat(this.jdbc.sql("SELECT COUNT(*) FROM attempt_limits").query(Long.class).single()).isPositive();
	}

	private static AttemptLimits.Settings settings(int loginsPerUsername, int signUpsPerUsername, Duration window,
			int connections) {
		return new AttemptLimits.Settings(loginsPerUsername, 1_000, signUpsPerUsername, 1_000, window, connections,
				Duration.ofSeconds(30), 1_000);
	}

	private LoginResponse login(String username, String password, String clientAddress) {
		return this.grpc.sessions.login(LoginRequest.newBuilder()
			.setRole(Role.SELLER)
			.setUsername(username)
			.setPassword(password)
			.setClientAddress(clientAddress)
			.build());
	}

	private LoginResponse login(Role role, String username, String password) {
		return this.grpc.login(role, username, password);
	}

	private void signUp(String clientAddress) {
		this.grpc.accounts.createAccount(CreateAccountRequest.newBuilder()
			.setRole(Role.BUYER)
			.setUsername(unique())
			.setPassword(PASSWORD)
			.setName("Someone")
			.setClientAddress(clientAddress)
			.build());
	}

}
