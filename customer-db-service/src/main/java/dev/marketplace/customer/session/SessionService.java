package dev.marketplace.customer.session;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import dev.marketplace.customer.account.Account;
import dev.marketplace.customer.account.AccountRole;
import dev.marketplace.customer.account.AccountService;
import dev.marketplace.customer.account.PasswordHashing;
import dev.marketplace.customer.cart.CartService;
import dev.marketplace.customer.throttling.AttemptLimits;
import dev.marketplace.customer.session.SessionRows.ActiveSession;
import dev.marketplace.customer.session.SessionRows.SessionWithRows;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/** Opens, checks and ends sessions; a session ends at logout or after its idle timeout. */
@Service
public class SessionService {

	private final SessionRepository sessions;

	private final SessionRows rows;

	private final AccountService accounts;

	private final PasswordHashing passwords;

	private final SessionProperties properties;

	private final CartService carts;

	private final Clock clock;

	private final AttemptLimits limits;

	SessionService(SessionRepository sessions, SessionRows rows, AccountService accounts, PasswordHashing passwords,
			SessionProperties properties, CartService carts, Clock clock, AttemptLimits limits) {
		this.sessions = sessions;
		this.rows = rows;
		this.carts = carts;
		this.accounts = accounts;
		this.passwords = passwords;
		this.properties = properties;
		this.clock = clock;
		this.limits = limits;
	}

	/**
	 * Checks the password and opens a new session. Not one transaction: the slow hash check
	 * must not hold a database connection. Past the login limits, refused before any hashing.
	 * @param clientAddress where the request came from, or empty if not known
	 */
	public NewSession login(AccountRole role, String username, String password, String clientAddress) {
		this.limits.login(role.name(), username, clientAddress);
		Account account = this.accounts.findByUsername(role, username).orElse(null);
		if (account == null) {
			this.passwords.spendComparableTime(password);
			throw invalidCredentials();
		}
		if (!this.passwords.matches(password, account.getPasswordHash())) {
			throw invalidCredentials();
		}
		String token = SessionTokens.newToken();
		Session session = this.sessions
			.save(new Session(SessionTokens.hash(token), role, account.getId(), this.clock.instant()));
		if (role == AccountRole.BUYER) {
			this.carts.startFromSavedCart(account.getId(), session.getId());
		}
		return new NewSession(token, account.getId(), this.properties.idleTimeout().toSeconds());
	}

	/** Resolves a live session of the given role to its user, and counts as activity. */
	public LiveSession authenticate(AccountRole role, String token) {
		ActiveSession session = live(role, this.rows.findByTokenHash(hashOf(token)));
		recordActivity(session);
		return session.live();
	}

	/**
	 * The same check, with rows of another table read in the same statement: one round trip to
	 * the database instead of two for a call that reads them once the session is known. The rows
	 * are read whatever the session turns out to be, and given only with a live one.
	 */
	public <T> LiveSessionWithRows<T> authenticate(AccountRole role, String token, JoinedRows<T> joined) {
		Optional<SessionWithRows<T>> found = this.rows.findByTokenHash(hashOf(token), joined);
		ActiveSession session = live(role, found.map(SessionWithRows::session));
		recordActivity(session);
		return new LiveSessionWithRows<>(session.live(), found.get().rows());
	}

	/** Ends a live session for good. */
	public void logout(AccountRole role, String token) {
		this.rows.delete(live(role, this.rows.findByTokenHash(hashOf(token))).id());
	}

	/** Deletes expired sessions; they are refused anyway, this only keeps the table small. */
	@Scheduled(fixedDelayString = "${marketplace.sessions.sweep-interval:1m}")
	public void deleteExpiredSessions() {
		this.sessions.deleteIdleSince(this.properties.idleCutoff(this.clock.instant()));
	}

	/** The hash a session is stored under; an empty token names none. */
	private static String hashOf(String token) {
		if (token.isEmpty()) {
			throw unauthenticated();
		}
		return SessionTokens.hash(token);
	}

	private ActiveSession live(AccountRole role, Optional<ActiveSession> found) {
		ActiveSession session = found.filter((candidate) -> candidate.role() == role)
			.orElseThrow(SessionService::unauthenticated);
		if (session.lastSeenAt().isBefore(this.properties.idleCutoff(this.clock.instant()))) {
			this.rows.delete(session.id());
			throw unauthenticated();
		}
		return session;
	}

	private void recordActivity(ActiveSession session) {
		Instant now = this.clock.instant();
		if (this.properties.isWorthRecording(session.lastSeenAt(), now)) {
			this.rows.recordActivity(session, now);
		}
	}

	private static MarketplaceException invalidCredentials() {
		return MarketplaceException.unauthenticated(ErrorCode.INVALID_CREDENTIALS, "Wrong username or password");
	}

	private static MarketplaceException unauthenticated() {
		return MarketplaceException.unauthenticated(ErrorCode.UNAUTHENTICATED,
				"No live session for this token; log in again");
	}

	/** The user behind a live session, and the session's ID (which keys its cart). */
	public record LiveSession(long userId, long sessionId) {
	}

	/** A live session and the rows read with it. */
	public record LiveSessionWithRows<T>(LiveSession session, List<T> rows) {
	}

	/** A session just opened: the token goes to the client once and is never stored. */
	public record NewSession(String token, long userId, long idleTimeoutSeconds) {
	}

}
