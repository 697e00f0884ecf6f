package dev.marketplace.financial.payment;

import dev.marketplace.testsupport.TestCertificates;
import dev.marketplace.testsupport.TestDatabaseServer;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.ws.context.DefaultMessageContext;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "marketplace.payments.approval-probability=0.0")
class DeclinedPaymentIntegrationTests {

	@Autowired
	PaymentEndpoint endpoint;

	@DynamicPropertySource
	static void certificates(DynamicPropertyRegistry registry) {
		TestCertificates.shared().register(registry, "financial-soap-service");
		TestDatabaseServer.shared().registerDataSource(registry, "payments");
	}

	@Test
	void wellFormedPaymentIsDeclinedWhenTheProbabilityIsZero() throws Exception {
		var request = PaymentEndpointIntegrationTests.request("txn-declined");
		SaajSoapMessageFactory messages = new SaajSoapMessageFactory();
		messages.afterPropertiesSet();
		MessageContext context = new DefaultMessageContext(messages);

		var response = this.endpoint.authorize(request, context);

		assertThat(response.isApproved()).isFalse();
		assertThat(response.getAuthorizationCode()).isNull();
		assertThat(response.getReason()).contains("Declined");
		assertThat(context.getProperty(PaymentMetrics.OUTCOME)).isEqualTo("declined");
	}

}
