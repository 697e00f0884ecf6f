package dev.marketplace.customer.purchase;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A purchase sent with an Idempotency-Key: the first request claims the key and runs the
 * purchase under its ID; its final answer is kept for every repeat.
 */
@Entity
@Table(name = "purchase_attempts")
@IdClass(PurchaseAttempt.Key.class)
class PurchaseAttempt {

	enum State {

		IN_PROGRESS, COMPLETED

	}

	@Id
	@Column(name = "buyer_id")
	private long buyerId;

	@Id
	@Column(name = "idempotency_key", length = 64)
	private String idempotencyKey;

	@JdbcTypeCode(SqlTypes.CHAR)
	@Column(nullable = false, length = 64)
	private String fingerprint;

	@JdbcTypeCode(SqlTypes.CHAR)
	@Column(name = "purchase_id", nullable = false, length = 36)
	private String purchaseId;

	@Enumerated(EnumType.STRING)
	@Column(nullable = false, length = 11)
	private State state;

	@Column(name = "claimed_at", nullable = false)
	private Instant claimedAt;

	@Column(name = "status_code")
	private Integer statusCode;

	@Column(name = "response_body", columnDefinition = "text")
	private String responseBody;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	protected PurchaseAttempt() {
	}

	String fingerprint() {
		return this.fingerprint;
	}

	String purchaseId() {
		return this.purchaseId;
	}

	State state() {
		return this.state;
	}

	Instant claimedAt() {
		return this.claimedAt;
	}

	int statusCode() {
		return (this.statusCode != null) ? this.statusCode : 0;
	}

	String responseBody() {
		return (this.responseBody != null) ? this.responseBody : "";
	}

	void claimAgain(Instant now) {
		this.claimedAt = now;
	}

	record Key(long buyerId, String idempotencyKey) {
	}

}
