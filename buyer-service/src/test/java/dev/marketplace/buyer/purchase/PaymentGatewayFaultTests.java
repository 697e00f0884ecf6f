package dev.marketplace.buyer.purchase;

import java.util.Locale;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;

import org.springframework.ws.soap.SoapBody;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.client.SoapFaultClientException;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class PaymentGatewayFaultTests {

	private static SoapFaultClientException fault(BiConsumer<SoapBody, String> addFault, String reason) {
		SaajSoapMessageFactory messages = new SaajSoapMessageFactory();
		messages.afterPropertiesSet();
		SoapMessage message = messages.createWebServiceMessage();
		addFault.accept(message.getSoapBody(), reason);
		return new SoapFaultClientException(message);
	}

	@Test
	void aClientFaultIsTheServicesRefusalWithItsReason() {
		SoapFaultClientException fault = fault((body, reason) -> body.addClientOrSenderFault(reason, Locale.ENGLISH),
				"Transaction t-1 is VOIDED, not authorised: it cannot be captured");

		assertThat(PaymentGateway.refusal(fault)).isEqualTo("Transaction t-1 is VOIDED, not authorised: it cannot be captured");
	}

	@Test
	void aServerFaultIsTheServiceFailingNotARefusal() {
		SoapFaultClientException fault = fault((body, reason) -> body.addServerOrReceiverFault(reason, Locale.ENGLISH),
				"Could not open JPA EntityManager for transaction");

		assertThatExceptionOfType(SoapFaultClientException.class).isThrownBy(() -> PaymentGateway.refusal(fault))
			.isSameAs(fault);
	}

}
