package dev.marketplace.customer.session;

import java.time.Clock;
import java.time.Instant;

import dev.marketplace.customer.account.Account;
import dev.marketplace.customer.account.AccountRole;
import dev.marketplace.customer.account.AccountService;
import dev.marketplace.customer.account.PasswordHashing;
import dev.marketplace.customer.cart.CartService;
import dev.marketplace.customer.session.SessionRows.ActiveSession;
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

	private final RecentlyConfirmedSessions confirmed;

	SessionService(SessionRepository sessions, SessionRows rows, AccountService accounts, PasswordHashing passwords,
			SessionProperties properties, CartService carts, Clock clock) {
		this.sessions = sessions;
		this.rows = rows;
		this.carts = carts;
		this.accounts = accounts;
		this.passwords = passwords;
		this.properties = properties;
		this.clock = clock;
		this.confirmed = new RecentlyConfirmedSessions(properties.recheckAfter());
	}

	/**
	 * Checks the password and opens a new session. Not one transaction: the slow hash check
	 * must not hold a database connection.
	 */
	public NewSession login(AccountRole role, String username, String password) {
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

	/**
	 * Resolves a live session of the given role to its user, and counts as activity. A session
	 * this instance confirmed in the table less than {@code recheck-after} ago is not read again.
	 */
	public LiveSession authenticate(AccountRole role, String token) {
		String tokenHash = tokenHash(token);
		Instant now = this.clock.instant();
		ActiveSession session = this.confirmed.find(tokenHash, now).orElse(null);
		if (session == null) {
			session = storedSession(role, tokenHash, now);
			this.rows.recordActivity(session, now);
			this.confirmed.confirm(tokenHash, session, now);
		}
		else if (session.role() != role) {
			throw unauthenticated();
		}
		return new LiveSession(session.userId(), session.id());
	}

	/** Ends a live session for good. */
	public void logout(AccountRole role, String token) {
		String tokenHash = tokenHash(token);
		ActiveSession session = storedSession(role, tokenHash, this.clock.instant());
		this.rows.delete(session.id());
		this.confirmed.forget(tokenHash);
	}

	/**
	 * Deletes expired sessions; they are refused anyway, this only keeps the table small. Also
	 * forgets the confirmations too old to be used.
	 */
	@Scheduled(fixedDelayString = "${marketplace.sessions.sweep-interval:1m}")
	public void deleteExpiredSessions() {
		Instant now = this.clock.instant();
		this.sessions.deleteIdleSince(now.minus(this.properties.idleTimeout()));
		this.confirmed.forgetStale(now);
	}

	private static String tokenHash(String token) {
		if (token.isEmpty()) {
			throw unauthenticated();
		}
		return SessionTokens.hash(token);
	}

	/** The session row, if it is of the role and has not idled out; one that has is deleted. */
	private ActiveSession storedSession(AccountRole role, String tokenHash, Instant now) {
		ActiveSession session = this.rows.findByTokenHash(tokenHash)
			.filter((candidate) -> candidate.role() == role)
			.orElseThrow(SessionService::unauthenticated);
		if (session.isIdleLongerThan(this.properties.idleTimeout(), now)) {
			this.rows.delete(session.id());
			throw unauthenticated();
		}
		return session;
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

	/** A session just opened: the token goes to the client once and is never stored. */
	public record NewSession(String token, long userId, long idleTimeoutSeconds) {
	}

}
