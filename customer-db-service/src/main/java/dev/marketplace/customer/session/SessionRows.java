package dev.marketplace.customer.session;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import dev.marketplace.customer.account.AccountRole;
import dev.marketplace.customer.session.SessionService.LiveSession;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.jdbc.core.RowMapper;
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

	private static final String SESSION_COLUMNS = "s.id, s.role, s.user_id, s.last_seen_at";

	private static final int FIRST_JOINED_COLUMN = SESSION_COLUMNS.split(",").length + 1;

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
		return readAgainIfLost(() -> this.jdbc
			.sql("SELECT " + SESSION_COLUMNS + " FROM sessions s WHERE s.token_hash = ?")
			.param(tokenHash)
			.query((row, number) -> session(row))
			.optional());
	}

	/**
	 * The session with this token hash and, in the same statement, the rows of another table it
	 * names; none where the join finds none. Read again on a lost connection, as
	 * {@link #findByTokenHash(String)} is.
	 */
	<T> Optional<SessionWithRows<T>> findByTokenHash(String tokenHash, JoinedRows<T> joined) {
		List<Object> params = new ArrayList<>(joined.params());
		params.add(tokenHash);
		String order = joined.orderBy().isEmpty() ? "" : " ORDER BY " + joined.orderBy();
		return readAgainIfLost(() -> this.jdbc
			.sql("SELECT " + SESSION_COLUMNS + ", " + joined.columns() + " FROM sessions s LEFT JOIN " + joined.table()
					+ " ON " + joined.condition() + " WHERE s.token_hash = ?" + order)
			.params(params)
			.query((ResultSet rows) -> sessionWithRows(rows, joined.mapper())));
	}

	/** Every row carries the session; a session the join found nothing for has one, all nulls beyond it. */
	private static <T> Optional<SessionWithRows<T>> sessionWithRows(ResultSet rows, RowMapper<T> mapper)
			throws SQLException {
		if (!rows.next()) {
			return Optional.empty();
		}
		ActiveSession session = session(rows);
		List<T> joined = new ArrayList<>();
		do {
			if (rows.getObject(FIRST_JOINED_COLUMN) != null) {
				joined.add(mapper.mapRow(rows, joined.size()));
			}
		}
		while (rows.next());
		return Optional.of(new SessionWithRows<>(session, joined));
	}

	private static <R> R readAgainIfLost(Supplier<R> read) {
		try {
			return read.get();
		}
		catch (DataAccessResourceFailureException | RecoverableDataAccessException lostConnection) {
			return read.get();
		}
	}

	private static ActiveSession session(ResultSet row) throws SQLException {
		return new ActiveSession(row.getLong("id"), AccountRole.valueOf(row.getString("role")), row.getLong("user_id"),
				row.getObject("last_seen_at", LocalDateTime.class).toInstant(ZoneOffset.UTC));
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

		LiveSession live() {
			return new LiveSession(this.userId, this.id);
		}

	}

	/** A stored session and the rows read with it. */
	record SessionWithRows<T>(ActiveSession session, List<T> rows) {
	}

}
