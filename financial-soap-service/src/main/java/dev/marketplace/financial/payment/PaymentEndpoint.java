package dev.marketplace.financial.payment;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.YearMonth;
import java.util.List;
import java.util.function.Supplier;

import dev.marketplace.payment.contract.AuthorizePaymentRequest;
import dev.marketplace.payment.contract.AuthorizePaymentResponse;
import dev.marketplace.payment.contract.CapturePaymentRequest;
import dev.marketplace.payment.contract.CapturePaymentResponse;
import dev.marketplace.payment.contract.CardNumber;
import dev.marketplace.payment.contract.PaymentState;
import dev.marketplace.payment.contract.VoidPaymentRequest;
import dev.marketplace.payment.contract.VoidPaymentResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;

/** The payments WSDL: authorise a payment, then capture or void it. */
@Endpoint
class PaymentEndpoint {

	static final String NAMESPACE = "urn:marketplace:payments:v1";

	/** The ledger's DECIMAL(19, 2): more than any purchase's total in cents a long can hold. */
	private static final int MAX_AMOUNT_DIGITS = 17;

	private static final Logger logger = LoggerFactory.getLogger(PaymentEndpoint.class);

	private final PaymentLedger ledger;

	private final Clock clock;

	PaymentEndpoint(PaymentLedger ledger, Clock clock) {
		this.ledger = ledger;
		this.clock = clock;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "AuthorizePaymentRequest")
	@ResponsePayload
	AuthorizePaymentResponse authorize(@RequestPayload AuthorizePaymentRequest request, MessageContext context) {
		List<String> problems = CardCheck.problems(request.getCardholderName(), request.getCardNumber(),
				request.getExpiry(), request.getSecurityCode(), YearMonth.now(this.clock));
		BigDecimal amount = request.getAmount();
		if (amount == null || amount.signum() <= 0 || amount.scale() > 2
				|| amount.precision() - amount.scale() > MAX_AMOUNT_DIGITS) {
			problems.add("the amount must be more than 0 and less than 10^" + MAX_AMOUNT_DIGITS
					+ ", with at most 2 decimals");
		}
		if (!problems.isEmpty()) {
			logger.info("Refused transaction {} on card {}: {}", request.getTransactionId(),
					CardNumber.masked(request.getCardNumber()), problems);
			context.setProperty(PaymentMetrics.OUTCOME, "invalid_card");
			throw new InvalidCardException("Invalid card data: " + String.join("; ", problems));
		}
		Payment payment = this.ledger.authorize(request.getTransactionId(), amount,
				CardNumber.lastDigits(request.getCardNumber()));
		boolean approved = payment.state() == Payment.State.AUTHORIZED || payment.state() == Payment.State.CAPTURED;
		context.setProperty(PaymentMetrics.OUTCOME, approved ? "approved" : "declined");
		logger.info("Transaction {} for {} on card {}: {}", request.getTransactionId(), amount,
				CardNumber.masked(request.getCardNumber()), payment.state());
		AuthorizePaymentResponse response = new AuthorizePaymentResponse();
		response.setTransactionId(request.getTransactionId());
		response.setApproved(approved);
		response.setAuthorizationCode(payment.authorizationCode());
		response.setReason(switch (payment.state()) {
			case AUTHORIZED, CAPTURED -> "Approved";
			case DECLINED -> "Declined by the card issuer";
			case VOIDED -> "The transaction was voided";
		});
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "CapturePaymentRequest")
	@ResponsePayload
	CapturePaymentResponse capture(@RequestPayload CapturePaymentRequest request, MessageContext context) {
		Payment payment = settled(context, "captured", () -> this.ledger.capture(request.getTransactionId()));
		CapturePaymentResponse response = new CapturePaymentResponse();
		response.setTransactionId(payment.transactionId());
		response.setState(PaymentState.fromValue(payment.state().name()));
		return response;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "VoidPaymentRequest")
	@ResponsePayload
	VoidPaymentResponse voidPayment(@RequestPayload VoidPaymentRequest request, MessageContext context) {
		Payment payment = settled(context, "voided", () -> this.ledger.voidPayment(request.getTransactionId()));
		VoidPaymentResponse response = new VoidPaymentResponse();
		response.setTransactionId(payment.transactionId());
		response.setState(PaymentState.fromValue(payment.state().name()));
		return response;
	}

	private static Payment settled(MessageContext context, String outcome, Supplier<Payment> operation) {
		try {
			Payment payment = operation.get();
			context.setProperty(PaymentMetrics.OUTCOME, outcome);
			logger.info("Transaction {} {}", payment.transactionId(), outcome);
			return payment;
		}
		catch (PaymentStateException ex) {
			context.setProperty(PaymentMetrics.OUTCOME, "refused");
			logger.warn("Refused: {}", ex.getMessage());
			throw ex;
		}
	}

}
