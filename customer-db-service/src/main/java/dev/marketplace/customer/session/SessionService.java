package dev.marketplace.customer.session;

import java.time.Clock;
import java.time.Instant;

import dev.marketplace.customer.account.Account;
import dev.marketplace.customer.account.AccountRole;
import dev.marketplace.customer.account.AccountService;
import dev.marketplace.customer.account.PasswordHashing;
import dev.marketplace.customer.cart.CartService;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Opens, checks and ends sessions; a session ends at logout or after its idle timeout. */
@Service
public class SessionService {

	private final SessionRepository sessions;

	private final AccountService accounts;

	private final PasswordHashing passwords;

	private final SessionProperties properties;

	private final CartService carts;

	private final Clock clock;

	SessionService(SessionRepository sessions, AccountService accounts, PasswordHashing passwords,
			SessionProperties properties, CartService carts, Clock clock) {
		this.sessions = sessions;
		this.carts = carts;
		this.accounts = accounts;
		this.passwords = passwords;
		this.properties = properties;
		this.clock = clock;
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

	/** Resolves a live session of the given role to its user, and counts as activity. */
	@Transactional(noRollbackFor = MarketplaceException.class)
	public LiveSession authenticate(AccountRole role, String token) {
		Session session = liveSession(role, token);
		session.recordActivity(this.clock.instant());
		return new LiveSession(session.getUserId(), session.getId());
	}

	/** Ends a live session for good. */
	@Transactional(noRollbackFor = MarketplaceException.class)
	public void logout(AccountRole role, String token) {
		this.sessions.delete(liveSession(role, token));
	}

	/** Deletes expired sessions; they are refused anyway, this only keeps the table small. */
	@Scheduled(fixedDelayString = "${marketplace.sessions.sweep-interval:1m}")
	public void deleteExpiredSessions() {
		this.sessions.deleteIdleSince(this.clock.instant().minus(this.properties.idleTimeout()));
	}

	private Session liveSession(AccountRole role, String token) {
		if (token.isEmpty()) {
			throw unauthenticated();
		}
		Session session = this.sessions.findByTokenHash(SessionTokens.hash(token))
			.filter((candidate) -> candidate.hasRole(role))
			.orElseThrow(SessionService::unauthenticated);
		Instant now = this.clock.instant();
		if (session.isIdleLongerThan(this.properties.idleTimeout(), now)) {
			this.sessions.delete(session);
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
