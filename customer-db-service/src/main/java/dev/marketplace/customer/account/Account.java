package dev.marketplace.customer.account;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/** What seller and buyer accounts have in common: credentials and a display name. */
@MappedSuperclass
public abstract class Account {

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	@Column(nullable = false, length = 32)
	private String username;

	@Column(name = "password_hash", nullable = false, length = 100)
	private String passwordHash;

	@Column(nullable = false, length = 32)
	private String name;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	protected Account() {
	}

	protected Account(String username, String passwordHash, String name, Instant createdAt) {
		this.username = username;
		this.passwordHash = passwordHash;
		this.name = name;
		this.createdAt = createdAt;
	}

	public Long getId() {
		return this.id;
	}

	public String getUsername() {
		return this.username;
	}

	public String getPasswordHash() {
		return this.passwordHash;
	}

	public String getName() {
		return this.name;
	}

}
