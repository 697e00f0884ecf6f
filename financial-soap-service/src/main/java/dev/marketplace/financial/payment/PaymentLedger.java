package dev.marketplace.financial.payment;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.Locale;

import org.springframework.stereotype.Service;

/**
 * Authorise, then capture or void: each operation idempotent by transaction ID, each decision
 * taken once and kept. Only an authorised payment can be captured or voided, so a captured one is
 * never released and a voided one never charged. Each step is conditional statements the
 * transaction ID's row decides, each durable on its own (no step undoes another's effect on
 * failure), then the row read back, without a transaction: three round trips fewer per step.
 */
@Service
class PaymentLedger {

	private final PaymentRepository payments;

	private final ApprovalPolicy approvals;

	private final Clock clock;

	PaymentLedger(PaymentRepository payments, ApprovalPolicy approvals, Clock clock) {
		this.payments = payments;
		this.approvals = approvals;
		this.clock = clock;
	}

	/** Holds the amount on the card if the issuer approves; a repeat answers the first decision. */
	Payment authorize(String transactionId, BigDecimal amount, String cardLastDigits) {
		boolean approved = this.approvals.approves(transactionId);
		this.payments.insertIfAbsent(transactionId,
				(approved ? Payment.State.AUTHORIZED : Payment.State.DECLINED).name(), amount, cardLastDigits,
				approved ? authorizationCode(transactionId) : null, this.clock.instant());
		return this.payments.findPayment(transactionId).orElseThrow();
	}

	/** Charges an authorised payment. */
	Payment capture(String transactionId) {
		this.payments.settleAuthorized(transactionId, Payment.State.CAPTURED, this.clock.instant());
		Payment payment = this.payments.findPayment(transactionId)
			.orElseThrow(() -> new PaymentStateException("No payment has transaction ID " + transactionId));
		if (payment.state() != Payment.State.CAPTURED) {
			throw new PaymentStateException(
					"Transaction " + transactionId + " is " + payment.state() + ", not authorised: it cannot be captured");
		}
		return payment;
	}

	/** Releases an authorised payment's hold; an unknown transaction is recorded voided. */
	Payment voidPayment(String transactionId) {
		this.payments.insertIfAbsent(transactionId, Payment.State.VOIDED.name(), null, null, null, this.clock.instant());
		this.payments.settleAuthorized(transactionId, Payment.State.VOIDED, this.clock.instant());
		Payment payment = this.payments.findPayment(transactionId).orElseThrow();
		if (payment.state() == Payment.State.CAPTURED) {
			throw new PaymentStateException("Transaction " + transactionId + " is captured: it cannot be voided");
		}
		return payment;
	}

	/** Derived from the transaction ID, so a retried request gets the same code. */
	private static String authorizationCode(String transactionId) {
		return String.format(Locale.ROOT, "A%08X", transactionId.hashCode());
	}

}
