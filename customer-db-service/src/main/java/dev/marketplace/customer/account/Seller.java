package dev.marketplace.customer.account;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/**
 * A seller account. Its feedback and sales counters start at 0 and only grow, by
 * {@link SellerRepository}'s single-statement updates; they are read with a session check.
 */
@Entity
@Table(name = "sellers")
public class Seller extends Account {

	@Column(name = "thumbs_up", nullable = false)
	private int thumbsUp;

	@Column(name = "thumbs_down", nullable = false)
	private int thumbsDown;

	@Column(name = "items_sold", nullable = false)
	private long itemsSold;

	protected Seller() {
	}

	Seller(String username, String passwordHash, String name, Instant createdAt) {
		super(username, passwordHash, name, createdAt);
	}

}
