package dev.marketplace.financial.payment;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "marketplace.payments.approval-probability=0.0")
class DeclinedPaymentIntegrationTests {

	@Autowired
	PaymentEndpoint endpoint;

	@Test
	void wellFormedPaymentIsDeclinedWhenTheProbabilityIsZero() {
		var request = PaymentEndpointIntegrationTests.request("txn-declined");

		var response = this.endpoint.authorize(request);

		assertThat(response.isApproved()).isFalse();
		assertThat(response.getAuthorizationCode()).isNull();
		assertThat(response.getReason()).contains("Declined");
	}

}
