package dev.marketplace.customer.session;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.marketplace.customer.session.SessionRows.ActiveSession;

/**
 * Sessions this instance found live in the table in the last {@code recheckAfter}, by token hash.
 * Reading the session row was one of the three or four statements every request costs MariaDB; a
 * client making many requests a second now costs that read once a second. A session confirmed
 * that recently cannot have idled out, since the idle timeout is longer; it can have been ended by
 * a logout at another instance, which this instance then sees at most {@code recheckAfter} late.
 */
final class RecentlyConfirmedSessions {

	private final Map<String, Confirmed> byTokenHash = new ConcurrentHashMap<>();

	private final Duration recheckAfter;

	RecentlyConfirmedSessions(Duration recheckAfter) {
		this.recheckAfter = recheckAfter;
	}

	/** The session, if it was confirmed less than {@code recheckAfter} before {@code now}. */
	Optional<ActiveSession> find(String tokenHash, Instant now) {
		Confirmed confirmed = this.byTokenHash.get(tokenHash);
		return (confirmed != null && confirmed.isRecentAt(now, this.recheckAfter)) ? Optional.of(confirmed.session())
				: Optional.empty();
	}

	void confirm(String tokenHash, ActiveSession session, Instant now) {
		if (!this.recheckAfter.isZero()) {
			this.byTokenHash.put(tokenHash, new Confirmed(session, now));
		}
	}

	void forget(String tokenHash) {
		this.byTokenHash.remove(tokenHash);
	}

	/** Drops what is too old to be used, so that sessions no longer in use do not pile up. */
	void forgetStale(Instant now) {
		this.byTokenHash.values().removeIf((confirmed) -> !confirmed.isRecentAt(now, this.recheckAfter));
	}

	int size() {
		return this.byTokenHash.size();
	}

	private record Confirmed(ActiveSession session, Instant at) {

		boolean isRecentAt(Instant now, Duration recheckAfter) {
			return now.isBefore(this.at.plus(recheckAfter));
		}

	}

}
