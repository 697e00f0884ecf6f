package dev.marketplace.customer.account;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A seller account with its feedback and sales counters. */
@Entity
@Table(name = "sellers")
public class Seller extends Account {

	@Column(name = "thumbs_up", nullable = false)
	private int thumbsUp;

	@Column(name = "thumbs_down", nullable = false)
	private int thumbsDown;

	@Column(name = "items_sold", nullable = false)
	private int itemsSold;

	protected Seller() {
	}

	Seller(String username, String passwordHash, String name, Instant createdAt) {
		super(username, passwordHash, name, createdAt);
	}

	public int getThumbsUp() {
		return this.thumbsUp;
	}

	public int getThumbsDown() {
		return this.thumbsDown;
	}

	public int getItemsSold() {
		return this.itemsSold;
	}

}
