package dev.marketplace.customer.account;

import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.GetSellerRatingResponse;
import dev.marketplace.proto.customer.v1.LogoutRequest;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SessionCredentials;
import io.grpc.Status;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SellerRatingGrpcIntegrationTests extends CustomerDbIntegrationTest {

	long seller;

	SessionCredentials sellerSession;

	SessionCredentials buyerSession;

	@BeforeEach
	void sessions() {
		String sellerName = unique();
		this.seller = this.grpc.createAccount(Role.SELLER, sellerName, PASSWORD);
		this.sellerSession = session(Role.SELLER, sellerName);
		String buyerName = unique();
		this.grpc.createAccount(Role.BUYER, buyerName, PASSWORD);
		this.buyerSession = session(Role.BUYER, buyerName);
	}

	@Test
	void aBuyerReadsTheRatingOfTheSellerItNames() {
		GetSellerRatingResponse rating = rating(this.seller, this.buyerSession);

		assertThat(rating.getSellerId()).isEqualTo(this.seller);
		assertThat(rating.getThumbsUp()).isZero();
		assertThat(rating.getThumbsDown()).isZero();
	}

	@Test
	void aSellerReadsItsOwnRatingWithoutNamingItself() {
		assertThat(ownRating(this.sellerSession).getSellerId()).isEqualTo(this.seller);
	}

	@Test
	void aBuyerHasNoRatingOfItsOwn() {
		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED, () -> ownRating(this.buyerSession));
	}

	@Test
	void anUnknownSellerIsNotFound() {
		assertFailsWith(Status.Code.NOT_FOUND, ErrorCode.SELLER_NOT_FOUND,
				() -> rating(Long.MAX_VALUE, this.buyerSession));
	}

	@Test
	void aRatingIsReadOnlyInALiveSessionOfTheRoleGiven() {
		SessionCredentials unknown = this.buyerSession.toBuilder().setSessionToken("not-a-session").build();
		SessionCredentials buyerAsSeller = this.buyerSession.toBuilder().setRole(Role.SELLER).build();
		this.grpc.sessions.logout(LogoutRequest.newBuilder()
			.setRole(Role.SELLER)
			.setSessionToken(this.sellerSession.getSessionToken())
			.build());

		for (SessionCredentials session : new SessionCredentials[] { unknown, buyerAsSeller, this.sellerSession }) {
			assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED,
					() -> rating(this.seller, session));
		}
	}

	@Test
	void aRatingReadCountsAsTheSessionsActivity() {
		long sessionId = sessionIdOf(this.buyerSession);
		idleFor(sessionId, Duration.ofMinutes(1));
		LocalDateTime recorded = lastSeenAt(sessionId);

		rating(this.seller, this.buyerSession);

		assertThat(lastSeenAt(sessionId)).isAfterOrEqualTo(recorded.plusMinutes(1));
	}

	@Test
	void aRatingIsNotReadInASessionThatHasIdledOut() {
		idleFor(sessionIdOf(this.buyerSession), Duration.ofMinutes(6));

		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED,
				() -> rating(this.seller, this.buyerSession));
	}

	@Test
	void aRatingReadThatMeetsAConnectionTheDatabaseDroppedIsReadAgainOnAnother()
			throws SQLException, InterruptedException {
		idlePastThePoolsLivenessBypass();
		// Used just now, that connection is handed out again without a liveness check of the pool's.
		ownRating(this.sellerSession);

		killEveryPooledConnection();

		assertThat(ownRating(this.sellerSession).getSellerId()).isEqualTo(this.seller);
	}

	long sessionIdOf(SessionCredentials session) {
		return this.grpc.sessionIdOf(session.getRole(), session.getSessionToken());
	}

	GetSellerRatingResponse ownRating(SessionCredentials session) {
		return this.grpc.sellers
			.getSellerRating(GetSellerRatingRequest.newBuilder().setOwn(true).setSession(session).build());
	}

	SessionCredentials session(Role role, String username) {
		return SessionCredentials.newBuilder()
			.setRole(role)
			.setSessionToken(this.grpc.login(role, username, PASSWORD).getSessionToken())
			.build();
	}

	GetSellerRatingResponse rating(long sellerId, SessionCredentials session) {
		return this.grpc.sellers
			.getSellerRating(GetSellerRatingRequest.newBuilder().setSellerId(sellerId).setSession(session).build());
	}

}
