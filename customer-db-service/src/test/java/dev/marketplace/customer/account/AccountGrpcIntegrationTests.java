package dev.marketplace.customer.account;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.CreateAccountRequest;
import dev.marketplace.proto.customer.v1.Role;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class AccountGrpcIntegrationTests extends CustomerDbIntegrationTest {

	@Autowired
	JdbcTemplate jdbc;

	@Autowired
	MeterRegistry meters;

	@Test
	void newAccountsGetDistinctIds() {
		long first = this.grpc.createAccount(Role.SELLER, unique(), "password-1");
		long second = this.grpc.createAccount(Role.SELLER, unique(), "password-2");

		assertThat(first).isPositive();
		assertThat(second).isNotEqualTo(first);
	}

	@Test
	void accountsCreatedAreCountedByRole() {
		double sellers = created("seller");
		double buyers = created("buyer");

		this.grpc.createAccount(Role.SELLER, unique(), "password-1");
		this.grpc.createAccount(Role.BUYER, unique(), "password-1");
		this.grpc.createAccount(Role.BUYER, unique(), "password-1");

		assertThat(created("seller")).isEqualTo(sellers + 1);
		assertThat(created("buyer")).isEqualTo(buyers + 2);
	}

	private double created(String role) {
		Counter counter = this.meters.find("marketplace.accounts.registered").tag("role", role).counter();
		return (counter != null) ? counter.count() : 0;
	}

	@Test
	void takenUsernameIsAlreadyExistsWithUsernameTaken() {
		String username = unique();
		this.grpc.createAccount(Role.BUYER, username, "password-1");

		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.grpc.createAccount(Role.BUYER, username, "password-2"));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.ALREADY_EXISTS);
		assertThat(MarketplaceException.errorCodeOf(failure)).contains(ErrorCode.USERNAME_TAKEN);
	}

	@Test
	void usernameIsUniquePerRoleOnly() {
		String username = unique();

		long sellerId = this.grpc.createAccount(Role.SELLER, username, "password-1");
		long buyerId = this.grpc.createAccount(Role.BUYER, username, "password-1");

		assertThat(sellerId).isPositive();
		assertThat(buyerId).isPositive();
	}

	@Test
	void fieldsOutsideTheirLimitsAreInvalidArgument() {
		CreateAccountRequest tooShort = CreateAccountRequest.newBuilder()
			.setRole(Role.SELLER)
			.setUsername("ab")
			.setPassword("short")
			.setName("")
			.build();

		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.grpc.accounts.createAccount(tooShort));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(failure.getStatus().getDescription()).contains("username", "password", "name");
		assertThat(MarketplaceException.errorCodeOf(failure)).contains(ErrorCode.VALIDATION_FAILED);
	}

	@Test
	void aNameWithAControlCharacterIsInvalidArgument() {
		CreateAccountRequest withTab = CreateAccountRequest.newBuilder()
			.setRole(Role.BUYER)
			.setUsername(unique())
			.setPassword("password-1")
			.setName("Ada\tLovelace")
			.build();

		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.grpc.accounts.createAccount(withTab));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(failure.getStatus().getDescription()).isEqualTo("name must not contain control characters");
	}

	@Test
	void missingRoleIsInvalidArgument() {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.grpc.createAccount(Role.ROLE_UNSPECIFIED, unique(), "password-1"));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void passwordIsStoredOnlyAsBcryptHash() {
		String username = unique();
		this.grpc.createAccount(Role.SELLER, username, "secret-password");

		String stored = this.jdbc.queryForObject("select password_hash from sellers where username = ?",
				String.class, username);

		assertThat(stored).startsWith("$2").doesNotContain("secret-password");
	}

	@Test
	void limitsCountCharactersSoANameOf32EmojiIsStoredWhole() {
		String username = unique();
		String name = "\uD83E\uDE91".repeat(32);
		this.grpc.accounts.createAccount(CreateAccountRequest.newBuilder()
			.setRole(Role.SELLER)
			.setUsername(username)
			.setPassword("\uD83D\uDD11".repeat(64))
			.setName(name)
			.build());

		assertThat(this.jdbc.queryForObject("select name from sellers where username = ?", String.class, username))
			.isEqualTo(name);
	}

	@Test
	void aNameOf33EmojiIsInvalidArgument() {
		CreateAccountRequest tooLong = CreateAccountRequest.newBuilder()
			.setRole(Role.SELLER)
			.setUsername(unique())
			.setPassword("password-1")
			.setName("\uD83E\uDE91".repeat(33))
			.build();

		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.grpc.accounts.createAccount(tooLong));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(failure.getStatus().getDescription()).isEqualTo("name must be 1 to 32 characters");
	}

}
