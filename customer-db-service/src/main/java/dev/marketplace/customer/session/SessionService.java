package dev.marketplace.customer.session;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/**
 * Opens, checks and ends sessions; a session ends at logout or after its idle timeout. Who may
 * open one is the accounts' decision; which rows a call reads with its session check is the
 * owning feature's ({@link #accept}).
 */
@Service
public class SessionService {

	static final int READS_ON_LOST_CONNECTIONS = 3;

	private final SessionRepository sessions;

	private final SessionProperties properties;

	private final Clock clock;

	private final ApplicationEventPublisher events;

	SessionService(SessionRepository sessions, SessionProperties properties, Clock clock,
			ApplicationEventPublisher events) {
		this.sessions = sessions;
		this.properties = properties;
		this.clock = clock;
		this.events = events;
	}

	/** Opens a session for a user whose credentials were checked. */
	public NewSession open(AccountRole role, long userId) {
		String token = SessionTokens.newToken();
		Session session = this.sessions.save(new Session(SessionTokens.hash(token), role, userId, this.clock.instant()));
		this.events.publishEvent(new SessionOpened(role, userId, session.getId()));
		return new NewSession(token, userId, this.properties.idleTimeout().toSeconds());
	}

	/** Resolves a live session of the given role to its user, and counts as activity. */
	public LiveSession authenticate(AccountRole role, String token) {
		String tokenHash = tokenHash(token);
		return accept(role, readAgainIfLost(() -> this.sessions.findRecord(tokenHash)));
	}

	/**
	 * The session check of a call that read its session with rows of its own, in one statement:
	 * the session found must be live and of the role, and counts as activity.
	 */
	public LiveSession accept(AccountRole role, Optional<SessionRecord> found) {
		SessionRecord session = live(role, found);
		Instant now = this.clock.instant();
		if (this.properties.isWorthRecording(session.lastSeenAt(), now)) {
			this.sessions.recordActivity(session.id(), now);
		}
		return new LiveSession(session.userId(), session.id());
	}

	/** Ends a live session for good. */
	public void logout(AccountRole role, String token) {
		String tokenHash = tokenHash(token);
		this.sessions.deleteSession(live(role, readAgainIfLost(() -> this.sessions.findRecord(tokenHash))).id());
	}

	/** Deletes expired sessions; they are refused anyway, this only keeps the table small. */
	@Scheduled(fixedDelayString = "${marketplace.sessions.sweep-interval:1m}")
	public void deleteExpiredSessions() {
		this.sessions.deleteIdleSince(this.properties.idleCutoff(this.clock.instant()));
	}

	/** The hash a session is stored under; an empty token names none. */
	public String tokenHash(String token) {
		if (token.isEmpty()) {
			throw unauthenticated();
		}
		return SessionTokens.hash(token);
	}

	/**
	 * A session read, made again on another connection when the one it met was lost (the database
	 * dropped it, or restarted), up to {@value #READS_ON_LOST_CONNECTIONS} times in all: the read is
	 * safe to repeat, while the calls it checks the session for may not be (a cart add), and would
	 * otherwise fail whole because their first statement met a connection that had died in the
	 * pool. The pool hands out a connection used in the last half second without checking it, so
	 * after a restart under load the next one may be dead too.
	 */
	public static <R> R readAgainIfLost(Supplier<R> read) {
		for (int reads = 1;; reads++) {
			try {
				return read.get();
			}
			catch (DataAccessResourceFailureException | RecoverableDataAccessException lostConnection) {
				if (reads == READS_ON_LOST_CONNECTIONS) {
					throw lostConnection;
				}
			}
		}
	}

	private SessionRecord live(AccountRole role, Optional<SessionRecord> found) {
		SessionRecord session = found.filter((candidate) -> candidate.role() == role)
			.orElseThrow(SessionService::unauthenticated);
		if (session.lastSeenAt().isBefore(this.properties.idleCutoff(this.clock.instant()))) {
			deleteEnded(session.id());
			throw unauthenticated();
		}
		return session;
	}

	/**
	 * Deletes a session found ended, as the sweep would. The call is refused either way, so a
	 * delete that loses a lock conflict (a deadlock with the sweep, which locks the session's
	 * activity entry before its row) leaves the row to the sweep instead of failing the call.
	 */
	private void deleteEnded(long sessionId) {
		try {
			this.sessions.deleteSession(sessionId);
		}
		catch (PessimisticLockingFailureException lockConflict) {
			// The sweep deletes it.
		}
	}

	private static MarketplaceException unauthenticated() {
		return MarketplaceException.unauthenticated(ErrorCode.UNAUTHENTICATED,
				"No live session for this token; log in again");
	}

	/** The user behind a live session, and the session's ID (which keys its cart). */
	public record LiveSession(long userId, long sessionId) {
	}

	/** A session just opened: the token goes to the client once and is never stored. */
	public record NewSession(String token, long userId, long idleTimeoutSeconds) {
	}

}
