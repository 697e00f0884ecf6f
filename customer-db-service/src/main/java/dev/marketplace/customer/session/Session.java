package dev.marketplace.customer.session;

import java.time.Duration;
import java.time.Instant;

import dev.marketplace.customer.account.AccountRole;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A login of one user from one client. Only the token's hash is stored. */
@Entity
@Table(name = "sessions")
class Session {

	/**
	 * Activity closer than this to the last recorded one is not written again: a session used
	 * many times a second costs one write a second, and the idle timeout stays accurate to it.
	 */
	static final Duration TOUCH_GRANULARITY = Duration.ofSeconds(1);

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	@Column(name = "token_hash", nullable = false, length = 64)
	private String tokenHash;

	@Enumerated(EnumType.STRING)
	@Column(nullable = false, length = 6)
	private AccountRole role;

	@Column(name = "user_id", nullable = false)
	private long userId;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	@Column(name = "last_seen_at", nullable = false)
	private Instant lastSeenAt;

	protected Session() {
	}

	Session(String tokenHash, AccountRole role, long userId, Instant now) {
		this.tokenHash = tokenHash;
		this.role = role;
		this.userId = userId;
		this.createdAt = now;
		this.lastSeenAt = now;
	}

	boolean hasRole(AccountRole expected) {
		return this.role == expected;
	}

	boolean isIdleLongerThan(Duration timeout, Instant now) {
		return this.lastSeenAt.plus(timeout).isBefore(now);
	}

	void recordActivity(Instant now) {
		if (this.lastSeenAt.plus(TOUCH_GRANULARITY).isBefore(now)) {
			this.lastSeenAt = now;
		}
	}

	long getId() {
		return this.id;
	}

	long getUserId() {
		return this.userId;
	}

}
