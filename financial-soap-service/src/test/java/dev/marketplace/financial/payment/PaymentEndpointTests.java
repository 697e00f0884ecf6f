package dev.marketplace.financial.payment;

import java.util.Map;

import javax.xml.transform.Source;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webservices.test.autoconfigure.server.WebServiceServerTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.ws.test.server.MockWebServiceClient;
import org.springframework.xml.transform.StringSource;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.Mockito.mock;
import static org.springframework.ws.test.server.RequestCreators.withPayload;
import static org.springframework.ws.test.server.ResponseMatchers.clientOrSenderFault;
import static org.springframework.ws.test.server.ResponseMatchers.noFault;
import static org.springframework.ws.test.server.ResponseMatchers.xpath;

@WebServiceServerTest(PaymentEndpoint.class)
@Import(SchemaValidation.class)
class PaymentEndpointTests {

	private static final Map<String, String> NAMESPACES = Map.of("p", PaymentEndpoint.NAMESPACE);

	@Autowired
	MockWebServiceClient client;

	@MockitoBean
	PaymentLedger ledger;

	@Test
	void anApprovedPaymentAnswersItsAuthorizationCode() {
		Payment authorized = payment(Payment.State.AUTHORIZED, "A1");
		given(this.ledger.authorize(eq("txn-1"), any(), eq("1111"))).willReturn(authorized);

		this.client.sendRequest(withPayload(request("txn-1", "Ada Lovelace", "4111111111111111")))
			.andExpect(noFault())
			.andExpect(xpath("/p:AuthorizePaymentResponse/p:approved", NAMESPACES).evaluatesTo("true"))
			.andExpect(xpath("/p:AuthorizePaymentResponse/p:authorizationCode", NAMESPACES).exists());
	}

	@Test
	void aDeclinedPaymentAnswersApprovedFalseWithoutACode() {
		Payment declined = payment(Payment.State.DECLINED, null);
		given(this.ledger.authorize(eq("txn-2"), any(), any())).willReturn(declined);

		this.client.sendRequest(withPayload(request("txn-2", "Ada Lovelace", "4111111111111111")))
			.andExpect(noFault())
			.andExpect(xpath("/p:AuthorizePaymentResponse/p:approved", NAMESPACES).evaluatesTo("false"))
			.andExpect(xpath("/p:AuthorizePaymentResponse/p:authorizationCode", NAMESPACES).doesNotExist());
	}

	@Test
	void aCardNumberFailingTheLuhnCheckIsAClientFaultAndNeverDrawn() {
		this.client.sendRequest(withPayload(request("txn-3", "Ada Lovelace", "4111111111111112")))
			.andExpect(clientOrSenderFault());
		then(this.ledger).shouldHaveNoInteractions();
	}

	@Test
	void aTransactionIdOutsideTheSchemaIsAClientFault() {
		this.client.sendRequest(withPayload(request("txn 4", "Ada Lovelace", "4111111111111111")))
			.andExpect(clientOrSenderFault());
		then(this.ledger).shouldHaveNoInteractions();
	}

	@Test
	void aCaptureTheLedgerRefusesIsAClientFaultSayingWhy() {
		given(this.ledger.capture("txn-5")).willThrow(new PaymentStateException("Transaction txn-5 is VOIDED"));

		this.client.sendRequest(withPayload(new StringSource("""
				<CapturePaymentRequest xmlns="urn:marketplace:payments:v1">
				  <transactionId>txn-5</transactionId>
				</CapturePaymentRequest>""")))
			.andExpect(clientOrSenderFault("Transaction txn-5 is VOIDED"));
	}

	private static Payment payment(Payment.State state, String authorizationCode) {
		Payment payment = mock(Payment.class);
		given(payment.state()).willReturn(state);
		given(payment.authorizationCode()).willReturn(authorizationCode);
		return payment;
	}

	private static Source request(String transactionId, String cardholder, String cardNumber) {
		return new StringSource("""
				<AuthorizePaymentRequest xmlns="urn:marketplace:payments:v1">
				  <transactionId>%s</transactionId>
				  <cardholderName>%s</cardholderName>
				  <cardNumber>%s</cardNumber>
				  <expiry>12/99</expiry>
				  <securityCode>123</securityCode>
				  <amount>25.00</amount>
				</AuthorizePaymentRequest>""".formatted(transactionId, cardholder, cardNumber));
	}

}
