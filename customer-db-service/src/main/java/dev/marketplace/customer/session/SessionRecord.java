package dev.marketplace.customer.session;

import java.time.Instant;

/**
 * A stored session, whether or not it has idled out yet, as a read finds it: by itself, or with
 * the rows of the operation it checks the session for ({@link SessionService#accept}).
 */
public record SessionRecord(long id, AccountRole role, long userId, Instant lastSeenAt) {
}
