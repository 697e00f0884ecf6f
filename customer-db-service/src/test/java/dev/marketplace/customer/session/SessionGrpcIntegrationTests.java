package dev.marketplace.customer.session;

import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.Locale;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.customer.LockingTransaction;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.LoginResponse;
import dev.marketplace.proto.customer.v1.LogoutRequest;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.testsupport.GrpcReflection;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

class SessionGrpcIntegrationTests extends CustomerDbIntegrationTest {

	/** The default: a sixtieth of the 5-minute idle timeout. */
	static final Duration ACTIVITY_RESOLUTION = Duration.ofSeconds(5);

	@Autowired
	SessionService sessionService;

	@Autowired
	DataSource dataSource;

	@Test
	void loginReturnsTokenOfAtLeast128RandomBitsAndTheUserId() {
		String username = unique();
		long sellerId = this.grpc.createAccount(Role.SELLER, username, PASSWORD);

		LoginResponse login = this.grpc.login(Role.SELLER, username, PASSWORD);

		assertThat(Base64.getUrlDecoder().decode(login.getSessionToken())).hasSizeGreaterThanOrEqualTo(16);
		assertThat(login.getUserId()).isEqualTo(sellerId);
		assertThat(login.getIdleTimeoutSeconds()).isEqualTo(300);
	}

	@Test
	void aPasswordOfSixtyFourMultiByteCharactersSignsUpAndIn() {
		String username = unique();
		String password = "é".repeat(64);
		long buyerId = this.grpc.createAccount(Role.BUYER, username, password);

		assertThat(this.grpc.login(Role.BUYER, username, password).getUserId()).isEqualTo(buyerId);
		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.INVALID_CREDENTIALS,
				() -> this.grpc.login(Role.BUYER, username, "é".repeat(63) + "e"));
	}

	@Test
	void wrongPasswordIsInvalidCredentials() {
		String username = unique();
		this.grpc.createAccount(Role.BUYER, username, PASSWORD);

		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.INVALID_CREDENTIALS,
				() -> this.grpc.login(Role.BUYER, username, "wrong-password"));
	}

	@Test
	void unknownUsernameIsInvalidCredentials() {
		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.INVALID_CREDENTIALS,
				() -> this.grpc.login(Role.BUYER, unique(), PASSWORD));
	}

	@Test
	void aUsernameWithATrailingSpaceIsInvalidCredentialsWhateverTheCollation() {
		String username = unique();
		this.grpc.createAccount(Role.BUYER, username, PASSWORD);

		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.INVALID_CREDENTIALS,
				() -> this.grpc.login(Role.BUYER, username + " ", PASSWORD));
	}

	@Test
	void usernamesAreMatchedIgnoringCase() {
		String username = unique();
		long buyerId = this.grpc.createAccount(Role.BUYER, username, PASSWORD);

		assertThat(this.grpc.login(Role.BUYER, username.toUpperCase(Locale.ROOT), PASSWORD).getUserId())
			.isEqualTo(buyerId);
	}

	@Test
	void sellerCredentialsDoNotOpenABuyerSession() {
		String username = unique();
		this.grpc.createAccount(Role.SELLER, username, PASSWORD);

		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.INVALID_CREDENTIALS,
				() -> this.grpc.login(Role.BUYER, username, PASSWORD));
	}

	@Test
	void authenticateResolvesSessionToItsUser() {
		String username = unique();
		long buyerId = this.grpc.createAccount(Role.BUYER, username, PASSWORD);
		String token = this.grpc.login(Role.BUYER, username, PASSWORD).getSessionToken();

		assertThat(authenticate(Role.BUYER, token)).isEqualTo(buyerId);
	}

	@Test
	void aSessionCheckThatMeetsAConnectionTheDatabaseDroppedIsReadAgainOnAnother()
			throws SQLException, InterruptedException {
		String username = unique();
		long buyerId = this.grpc.createAccount(Role.BUYER, username, PASSWORD);
		String token = this.grpc.login(Role.BUYER, username, PASSWORD).getSessionToken();
		idlePastThePoolsLivenessBypass();
		// Used just now, that connection is handed out again without a liveness check of the pool's.
		authenticate(Role.BUYER, token);

		killEveryPooledConnection();

		assertThat(authenticate(Role.BUYER, token)).isEqualTo(buyerId);
	}

	@Test
	void sessionOfOtherRoleIsUnauthenticated() {
		String username = unique();
		this.grpc.createAccount(Role.BUYER, username, PASSWORD);
		String buyerToken = this.grpc.login(Role.BUYER, username, PASSWORD).getSessionToken();

		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED,
				() -> authenticate(Role.SELLER, buyerToken));
	}

	@Test
	void bogusTokenIsUnauthenticated() {
		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED,
				() -> authenticate(Role.SELLER, "not-a-session"));
		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, () -> authenticate(Role.SELLER, ""));
	}

	@Test
	void loggedOutSessionNeverWorksAgainWhileOtherSessionsOfTheUserDo() {
		String username = unique();
		long sellerId = this.grpc.createAccount(Role.SELLER, username, PASSWORD);
		String laptop = this.grpc.login(Role.SELLER, username, PASSWORD).getSessionToken();
		String phone = this.grpc.login(Role.SELLER, username, PASSWORD).getSessionToken();

		this.grpc.sessions.logout(LogoutRequest.newBuilder().setRole(Role.SELLER).setSessionToken(laptop).build());

		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, () -> authenticate(Role.SELLER, laptop));
		assertThat(authenticate(Role.SELLER, phone)).isEqualTo(sellerId);
	}

	@Test
	void secondLogoutOfTheSameSessionIsUnauthenticated() {
		String username = unique();
		this.grpc.createAccount(Role.SELLER, username, PASSWORD);
		String token = this.grpc.login(Role.SELLER, username, PASSWORD).getSessionToken();
		LogoutRequest logout = LogoutRequest.newBuilder().setRole(Role.SELLER).setSessionToken(token).build();
		this.grpc.sessions.logout(logout);

		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, () -> this.grpc.sessions.logout(logout));
	}

	@Test
	void aRequestWithinTheActivityResolutionOfTheRecordedOneWritesNothing() {
		String token = sellerToken();
		long sessionId = sessionIdOf(token);
		idleFor(sessionId, ACTIVITY_RESOLUTION.minusSeconds(2));
		LocalDateTime recorded = lastSeenAt(sessionId);

		authenticate(Role.SELLER, token);

		assertThat(lastSeenAt(sessionId)).isEqualTo(recorded);
	}

	@Test
	void aRequestBeyondTheActivityResolutionIsRecorded() {
		String token = sellerToken();
		long sessionId = sessionIdOf(token);
		idleFor(sessionId, ACTIVITY_RESOLUTION.plusSeconds(2));
		LocalDateTime recorded = lastSeenAt(sessionId);

		authenticate(Role.SELLER, token);

		assertThat(lastSeenAt(sessionId)).isAfterOrEqualTo(recorded.plus(ACTIVITY_RESOLUTION));
	}

	@Test
	void aSessionDoesNotEndBeforeItsTimeoutCountedFromTheLatestRequestTheRecordMayHide() {
		String token = sellerToken();
		idleFor(sessionIdOf(token), Duration.ofMinutes(5).plus(ACTIVITY_RESOLUTION).minusSeconds(2));

		assertThat(authenticate(Role.SELLER, token)).isPositive();
	}

	@Test
	void aSessionIdleLongerThanItsTimeoutPlusTheActivityResolutionHasEnded() {
		String token = sellerToken();
		idleFor(sessionIdOf(token), Duration.ofMinutes(5).plus(ACTIVITY_RESOLUTION).plusSeconds(1));

		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, () -> authenticate(Role.SELLER, token));
	}

	/**
	 * The deadlock the sweep meets with a call that deletes the ended session it found, made here
	 * by a transaction that locks the session's activity entry, then its row, while the call holds
	 * the row and waits for the entry. The database rolls back the lighter side: the call's delete.
	 */
	@Test
	void anEndedSessionWhoseDeleteLosesADeadlockWithTheSweepIsStillUnauthenticated() throws Exception {
		String token = sellerToken();
		long sessionId = sessionIdOf(token);
		idleFor(sessionId, Duration.ofMinutes(5).plus(ACTIVITY_RESOLUTION).plusSeconds(1));

		try (LockingTransaction sweep = new LockingTransaction(this.dataSource)) {
			sweep.execute("SELECT id FROM sessions FORCE INDEX (ix_sessions_last_seen)"
					+ " WHERE last_seen_at = ? LOCK IN SHARE MODE", lastSeenAt(sessionId));
			FutureTask<Void> call = new FutureTask<>(() -> assertFailsWith(Status.Code.UNAUTHENTICATED,
					ErrorCode.UNAUTHENTICATED, () -> authenticate(Role.SELLER, token)), null);
			new Thread(call, "session-check").start();
			LockingTransaction.awaitStatementWaiting(this.jdbc, "DELETE FROM sessions WHERE id");

			sweep.execute("SELECT id FROM sessions WHERE id = ? FOR UPDATE", sessionId);
			sweep.close();

			call.get(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void theSweepDeletesOnlySessionsThatHaveEnded() {
		String live = sellerToken();
		long liveId = sessionIdOf(live);
		long endedId = sessionIdOf(sellerToken());
		idleFor(liveId, Duration.ofMinutes(5).plus(ACTIVITY_RESOLUTION).minusSeconds(2));
		idleFor(endedId, Duration.ofMinutes(5).plus(ACTIVITY_RESOLUTION).plusSeconds(1));

		this.sessionService.deleteExpiredSessions();

		assertThat(sessionRows(liveId)).isOne();
		assertThat(sessionRows(endedId)).isZero();
		assertThat(authenticate(Role.SELLER, live)).isPositive();
	}

	@Test
	void standardHealthServiceReportsServing() {
		HealthCheckResponse health = HealthGrpc.newBlockingStub(this.grpc.channel)
			.check(HealthCheckRequest.getDefaultInstance());

		assertThat(health.getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
	}

	@Test
	void reflectionServesTheErrorDetailTypesSoAClientSuchAsGrpcurlDecodesThem() throws Exception {
		assertThat(GrpcReflection.filesFor(this.grpc.channel, "google.rpc.ErrorInfo"))
			.contains("google/rpc/error_details.proto");
	}

	String sellerToken() {
		String username = unique();
		this.grpc.createAccount(Role.SELLER, username, PASSWORD);
		return this.grpc.login(Role.SELLER, username, PASSWORD).getSessionToken();
	}

	long sessionIdOf(String sellerToken) {
		return this.grpc.sessionIdOf(Role.SELLER, sellerToken);
	}

	int sessionRows(long sessionId) {
		return this.jdbc.sql("SELECT COUNT(*) FROM sessions WHERE id = ?").param(sessionId).query(Integer.class).single();
	}

	long authenticate(Role role, String token) {
		return this.grpc.sessions
			.authenticate(AuthenticateRequest.newBuilder().setRole(role).setSessionToken(token).build())
			.getUserId();
	}

}
