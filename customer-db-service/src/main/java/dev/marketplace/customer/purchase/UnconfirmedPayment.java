package dev.marketplace.customer.purchase;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A purchase whose payment was approved and whose stock is still to be confirmed. */
@Entity
@Table(name = "unconfirmed_payments")
class UnconfirmedPayment {

	@Id
	@JdbcTypeCode(SqlTypes.CHAR)
	@Column(name = "purchase_id", length = 36)
	private String purchaseId;

	@Column(name = "buyer_id", nullable = false)
	private long buyerId;

	@Column(name = "kept_at", nullable = false)
	private Instant keptAt;

	protected UnconfirmedPayment() {
	}

	UnconfirmedPayments.Kept toKept() {
		return new UnconfirmedPayments.Kept(this.purchaseId, this.buyerId, this.keptAt);
	}

}
