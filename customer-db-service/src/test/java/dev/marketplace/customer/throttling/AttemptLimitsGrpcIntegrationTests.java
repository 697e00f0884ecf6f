package dev.marketplace.customer.throttling;

import java.time.Duration;

import javax.sql.DataSource;

import dev.marketplace.customer.CustomerDbIntegrationTest;
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
