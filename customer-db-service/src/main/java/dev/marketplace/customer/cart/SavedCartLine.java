package dev.marketplace.customer.cart;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

/** Units of one item in a buyer's saved cart, which seeds the cart of every new session. */
@Entity
@Table(name = "saved_cart_lines")
@IdClass(SavedCartLine.Key.class)
class SavedCartLine {

	@Id
	@Column(name = "buyer_id")
	private long buyerId;

	@Id
	@Column(name = "item_id", length = 30)
	private String itemId;

	@Column(nullable = false)
	private int quantity;

	@Column(name = "added_at", nullable = false)
	private Instant addedAt;

	protected SavedCartLine() {
	}

	record Key(long buyerId, String itemId) {
	}

}
