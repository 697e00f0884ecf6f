package dev.marketplace.customer.session;

import java.time.Duration;
import java.time.Instant;

import dev.marketplace.customer.account.AccountRole;
import dev.marketplace.customer.session.SessionRows.ActiveSession;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RecentlyConfirmedSessionsTests {

	private static final Instant NOW = Instant.parse("2026-11-23T18:00:00Z");

	private static final ActiveSession SESSION = new ActiveSession(7, AccountRole.BUYER, 42, NOW);

	private final RecentlyConfirmedSessions confirmed = new RecentlyConfirmedSessions(Duration.ofSeconds(1));

	@Test
	void sessionConfirmedWithinTheIntervalIsFound() {
		this.confirmed.confirm("hash", SESSION, NOW);

		assertThat(this.confirmed.find("hash", NOW.plusMillis(999))).contains(SESSION);
	}

	@Test
	void sessionIsNotFoundOnceTheIntervalHasPassed() {
		this.confirmed.confirm("hash", SESSION, NOW);

		assertThat(this.confirmed.find("hash", NOW.plusSeconds(1))).isEmpty();
	}

	@Test
	void forgottenSessionIsNotFound() {
		this.confirmed.confirm("hash", SESSION, NOW);

		this.confirmed.forget("hash");

		assertThat(this.confirmed.find("hash", NOW)).isEmpty();
	}

	@Test
	void zeroIntervalRemembersNothing() {
		RecentlyConfirmedSessions never = new RecentlyConfirmedSessions(Duration.ZERO);

		never.confirm("hash", SESSION, NOW);

		assertThat(never.find("hash", NOW)).isEmpty();
		assertThat(never.size()).isZero();
	}

	@Test
	void forgettingStaleConfirmationsKeepsTheOnesStillUsable() {
		this.confirmed.confirm("old", SESSION, NOW);
		this.confirmed.confirm("recent", SESSION, NOW.plusMillis(500));

		this.confirmed.forgetStale(NOW.plusSeconds(1));

		assertThat(this.confirmed.size()).isOne();
		assertThat(this.confirmed.find("recent", NOW.plusSeconds(1))).contains(SESSION);
	}

}
