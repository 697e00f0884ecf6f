package dev.marketplace.customer.account;

import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/**
 * A seller account. Its feedback and sales counters start at 0 (the columns' default), are
 * changed by single SQL statements and read by SellerRatingGrpcService.
 */
@Entity
@Table(name = "sellers")
public class Seller extends Account {

	protected Seller() {
	}

	Seller(String username, String passwordHash, String name, Instant createdAt) {
		super(username, passwordHash, name, createdAt);
	}

}
