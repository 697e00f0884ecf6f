package dev.marketplace.product.stock;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * Stock held for a purchase while it is paid for, under the purchase's ID. RESERVED holds the
 * units; CONFIRMED sold them (a paid purchase); RELEASED put them back on sale.
 */
@Entity
@Table(name = "stock_reservations")
class StockReservation {

	enum State {

		RESERVED, CONFIRMED, RELEASED

	}

	@Id
	@JdbcTypeCode(SqlTypes.CHAR)
	@Column(length = 36)
	private String id;

	@Enumerated(EnumType.STRING)
	@Column(nullable = false, length = 9)
	private State state;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	@Column(name = "expires_at", nullable = false)
	private Instant expiresAt;

	@ElementCollection
	@CollectionTable(name = "stock_reservation_lines", joinColumns = @JoinColumn(name = "reservation_id"))
	private List<Line> lines = new ArrayList<>();

	protected StockReservation() {
	}

	String id() {
		return this.id;
	}

	State state() {
		return this.state;
	}

	List<Line> lines() {
		return List.copyOf(this.lines);
	}

	/** A purchase retried after its reservation was released reserves again, under the same ID. */
	void reserveAgain(Instant expiry) {
		this.lines.clear();
		this.state = State.RESERVED;
		this.expiresAt = expiry;
	}

	void hold(long itemNumber, int quantity, BigDecimal unitPrice) {
		this.lines.add(new Line(itemNumber, quantity, unitPrice));
	}

	void confirm(Instant expiry) {
		this.state = State.CONFIRMED;
		this.expiresAt = expiry;
	}

	void release(Instant expiry) {
		this.state = State.RELEASED;
		this.expiresAt = expiry;
	}

	/** Units of one item the reservation holds, at the price they were reserved at. */
	@Embeddable
	record Line(@Column(name = "item_id", nullable = false) long itemNumber, @Column(nullable = false) int quantity,
			@Column(name = "unit_price", nullable = false, precision = 10, scale = 2) BigDecimal unitPrice) {
	}

}
