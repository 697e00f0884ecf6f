package dev.marketplace.buyer.purchase;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PurchaseRequestTests {

	@Test
	void itsTextShowsTheCardsLastFourDigitsAndNeitherTheRestNorTheSecurityCode() {
		PurchaseRequest request = new PurchaseRequest("Ada Lovelace", "4111111111111234", "12/99", "987");

		assertThat(request.toString()).contains("****1234")
			.doesNotContain("41111111")
			.doesNotContain("987");
	}

}
