package dev.marketplace.financial.payment;

import java.time.Clock;
import java.time.YearMonth;
import java.util.List;
import java.util.Locale;

import dev.marketplace.payment.contract.AuthorizePaymentRequest;
import dev.marketplace.payment.contract.AuthorizePaymentResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;

/** AuthorizePayment: the one operation of the payments WSDL. */
@Endpoint
class PaymentEndpoint {

	static final String NAMESPACE = "urn:marketplace:payments:v1";

	private static final Logger logger = LoggerFactory.getLogger(PaymentEndpoint.class);

	private final ApprovalPolicy approvals;

	private final Clock clock;

	PaymentEndpoint(ApprovalPolicy approvals, Clock clock) {
		this.approvals = approvals;
		this.clock = clock;
	}

	@PayloadRoot(namespace = NAMESPACE, localPart = "AuthorizePaymentRequest")
	@ResponsePayload
	AuthorizePaymentResponse authorize(@RequestPayload AuthorizePaymentRequest request, MessageContext context) {
		List<String> problems = CardCheck.problems(request.getCardholderName(), request.getCardNumber(),
				request.getExpiry(), request.getSecurityCode(), YearMonth.now(this.clock));
		if (request.getAmount() == null || request.getAmount().signum() <= 0 || request.getAmount().scale() > 2) {
			problems.add("the amount must be more than 0 with at most 2 decimals");
		}
		if (!problems.isEmpty()) {
			logger.info("Refused transaction {} on card {}: {}", request.getTransactionId(),
					CardCheck.masked(request.getCardNumber()), problems);
			context.setProperty(PaymentMetrics.OUTCOME, "invalid_card");
			throw new InvalidCardException("Invalid card data: " + String.join("; ", problems));
		}
		boolean approved = this.approvals.approves(request.getTransactionId());
		context.setProperty(PaymentMetrics.OUTCOME, approved ? "approved" : "declined");
		logger.info("Transaction {} for {} on card {}: {}", request.getTransactionId(), request.getAmount(),
				CardCheck.masked(request.getCardNumber()), approved ? "approved" : "declined");
		AuthorizePaymentResponse response = new AuthorizePaymentResponse();
		response.setTransactionId(request.getTransactionId());
		response.setApproved(approved);
		if (approved) {
			response.setAuthorizationCode(authorizationCode(request.getTransactionId()));
			response.setReason("Approved");
		}
		else {
			response.setReason("Declined by the card issuer");
		}
		return response;
	}

	/** Derived from the transaction ID, so a retried request gets the same code. */
	private static String authorizationCode(String transactionId) {
		return String.format(Locale.ROOT, "A%08X", transactionId.hashCode());
	}

}
