package dev.marketplace.customer.session;

import java.time.Instant;

import dev.marketplace.customer.session.AccountRole;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A login of one user from one client, as login stores it. Only the token's hash is stored. */
@Entity
@Table(name = "sessions")
public class Session {

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

	long getId() {
		return this.id;
	}

}
