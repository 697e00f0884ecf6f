package dev.marketplace.customer.account;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A buyer account with its purchase counter. */
@Entity
@Table(name = "buyers")
public class Buyer extends Account {

	@Column(name = "items_purchased", nullable = false)
	private long itemsPurchased;

	protected Buyer() {
	}

	Buyer(String username, String passwordHash, String name, Instant createdAt) {
		super(username, passwordHash, name, createdAt);
	}

	public long getItemsPurchased() {
		return this.itemsPurchased;
	}

}
