package dev.marketplace.customer.cart;

import java.time.Instant;

import dev.marketplace.customer.session.AccountRole;
import dev.marketplace.customer.session.SessionRecord;

/** A session and, read in the same statement, one line of its cart; a null item where it has none. */
record LineInSession(long sessionId, AccountRole role, long userId, Instant lastSeenAt, String itemId,
		Integer quantity) {

	SessionRecord session() {
		return new SessionRecord(this.sessionId, this.role, this.userId, this.lastSeenAt);
	}

}
