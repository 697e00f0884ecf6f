package dev.marketplace.customer.account;

import java.time.Instant;

import dev.marketplace.customer.session.AccountRole;
import dev.marketplace.customer.session.SessionRecord;

/** A session and, read in the same statement, a seller's counters; null ones where no seller matched. */
record RatingInSession(long sessionId, AccountRole role, long userId, Instant lastSeenAt, Long sellerId,
		Integer thumbsUp, Integer thumbsDown, Long itemsSold) {

	SessionRecord session() {
		return new SessionRecord(this.sessionId, this.role, this.userId, this.lastSeenAt);
	}

}
