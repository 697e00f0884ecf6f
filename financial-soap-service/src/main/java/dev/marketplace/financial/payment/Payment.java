package dev.marketplace.financial.payment;

import java.math.BigDecimal;
import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A transaction of the ledger: its authorisation and what became of it. */
@Entity
@Table(name = "payments")
class Payment {

	/** The states of the contract's PaymentState. */
	enum State {

		AUTHORIZED, DECLINED, CAPTURED, VOIDED

	}

	@Id
	@Column(name = "transaction_id", length = 64)
	private String transactionId;

	@Enumerated(EnumType.STRING)
	@Column(nullable = false, length = 10)
	private State state;

	@Column(precision = 19, scale = 2)
	private BigDecimal amount;

	@Column(name = "card_last_digits", length = 4)
	private String cardLastDigits;

	@Column(name = "authorization_code", length = 16)
	private String authorizationCode;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	@Column(name = "updated_at", nullable = false)
	private Instant updatedAt;

	protected Payment() {
	}

	String transactionId() {
		return this.transactionId;
	}

	State state() {
		return this.state;
	}

	String authorizationCode() {
		return this.authorizationCode;
	}

}
