package dev.marketplace.customer.cart;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

/** Units of one item in a buyer session's cart; the line goes with its session. */
@Entity
@Table(name = "cart_lines")
@IdClass(CartLine.Key.class)
class CartLine {

	@Id
	@Column(name = "session_id")
	private long sessionId;

	@Id
	@Column(name = "item_id", length = 30)
	private String itemId;

	@Column(nullable = false)
	private int quantity;

	@Column(name = "added_at", nullable = false)
	private Instant addedAt;

	protected CartLine() {
	}

	int quantity() {
		return this.quantity;
	}

	void setQuantity(int quantity) {
		this.quantity = quantity;
	}

	record Key(long sessionId, String itemId) {
	}

}
