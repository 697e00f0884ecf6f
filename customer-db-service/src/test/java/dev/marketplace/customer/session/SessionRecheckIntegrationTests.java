package dev.marketplace.customer.session;

import java.time.Duration;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.proto.customer.v1.Role;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A session deleted from the table behind this instance's back, as a logout at another instance
 * deletes it: let through while this instance's confirmation is recent, refused after.
 */
@TestPropertySource(properties = "marketplace.sessions.recheck-after=5s")
class SessionRecheckIntegrationTests extends CustomerDbIntegrationTest {

	@Autowired
	JdbcClient jdbc;

	@Test
	void sessionConfirmedMomentsAgoIsLetThroughWithoutReadingItsRow() {
		String username = unique();
		long buyerId = this.grpc.createAccount(Role.BUYER, username, PASSWORD);
		String token = this.grpc.login(Role.BUYER, username, PASSWORD).getSessionToken();
		assertThat(this.grpc.authenticate(Role.BUYER, token)).isEqualTo(buyerId);

		endedElsewhere(token);

		assertThat(this.grpc.authenticate(Role.BUYER, token)).isEqualTo(buyerId);
	}

	@Test
	void sessionEndedAtAnotherInstanceIsRefusedOnceTheRecheckIntervalHasPassed() {
		String username = unique();
		long buyerId = this.grpc.createAccount(Role.BUYER, username, PASSWORD);
		String token = this.grpc.login(Role.BUYER, username, PASSWORD).getSessionToken();
		assertThat(this.grpc.authenticate(Role.BUYER, token)).isEqualTo(buyerId);

		endedElsewhere(token);

		await().atMost(Duration.ofSeconds(20))
			.until(() -> SessionExpiryIntegrationTests.fails(() -> this.grpc.authenticate(Role.BUYER, token)));
	}

	private void endedElsewhere(String token) {
		int deleted = this.jdbc.sql("DELETE FROM sessions WHERE token_hash = ?").param(SessionTokens.hash(token)).update();
		assertThat(deleted).isOne();
	}

}
