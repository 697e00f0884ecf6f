package dev.marketplace.customer.session;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

import dev.marketplace.customer.account.AccountRole;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The session check every request makes, in plain SQL: one indexed read, and now and then a
 * write of the session's activity. Each statement stands alone (autocommit): no transaction
 * round trips on the hottest path of the marketplace.
 * <p>
 * Not a {@code @Repository}: JdbcClient translates SQL errors itself, and the translating proxy
 * around every session check cost about 4% of the customer DB's CPU.
 */
@Component
class SessionRows {

	private final JdbcClient jdbc;

	SessionRows(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The session with this token hash, read a second time, on another connection, when the first
	 * one was lost (the database dropped it, or restarted): the read is safe to repeat, while the
	 * calls it checks the session for may not be (a cart add), and would otherwise fail whole
	 * because their first statement met a connection that had died in the pool.
	 */
	Optional<ActiveSession> findByTokenHash(String tokenHash) {
		try {
			return read(tokenHash);
		}
		catch (DataAccessResourceFailureException | RecoverableDataAccessException lostConnection) {
			return read(tokenHash);
		}
	}

	private Optional<ActiveSession> read(String tokenHash) {
		return this.jdbc.sql("SELECT id, role, user_id, last_seen_at FROM sessions WHERE token_hash = ?")
			.param(tokenHash)
			.query((row, number) -> new ActiveSession(row.getLong("id"), AccountRole.valueOf(row.getString("role")),
					row.getLong("user_id"), row.getObject("last_seen_at", LocalDateTime.class).toInstant(ZoneOffset.UTC)))
			.optional();
	}

	/** Records activity at {@code now}; a later activity already recorded wins. */
	void recordActivity(ActiveSession session, Instant now) {
		this.jdbc.sql("UPDATE sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?")
			.params(utc(now), session.id(), utc(now))
			.update();
	}

	void delete(long sessionId) {
		this.jdbc.sql("DELETE FROM sessions WHERE id = ?").param(sessionId).update();
	}

	private static LocalDateTime utc(Instant instant) {
		return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
	}

	/** A stored session, whether or not it has idled out yet. */
	record ActiveSession(long id, AccountRole role, long userId, Instant lastSeenAt) {
	}

}
