package dev.marketplace.customer.purchase;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * One run of MakePurchase, written before its first step: whoever holds its lease runs it; one
 * whose lease ran out is finished or undone by the next to claim it.
 */
@Entity
@Table(name = "checkouts")
class Checkout {

	@Id
	@JdbcTypeCode(SqlTypes.CHAR)
	@Column(name = "purchase_id", length = 36)
	private String purchaseId;

	@Column(name = "buyer_id", nullable = false)
	private long buyerId;

	@Column(name = "idempotency_key", length = 64)
	private String idempotencyKey;

	@JdbcTypeCode(SqlTypes.CHAR)
	@Column(length = 64)
	private String fingerprint;

	@Enumerated(EnumType.STRING)
	@Column(nullable = false, length = 9)
	private CheckoutState state;

	@Column(name = "leased_until", nullable = false)
	private Instant leasedUntil;

	@Column(name = "refusal_code", length = 32)
	private String refusalCode;

	@Column(name = "refusal_detail", length = 1000)
	private String refusalDetail;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	protected Checkout() {
	}

	String purchaseId() {
		return this.purchaseId;
	}

	long buyerId() {
		return this.buyerId;
	}

	String fingerprint() {
		return this.fingerprint;
	}

	CheckoutState state() {
		return this.state;
	}

	Instant leasedUntil() {
		return this.leasedUntil;
	}

	String refusalCode() {
		return this.refusalCode;
	}

	String refusalDetail() {
		return this.refusalDetail;
	}

}
