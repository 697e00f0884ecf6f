package dev.marketplace.web;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RefusedCallersTests {

	private final RefusedCallers refused = new RefusedCallers();

	@Test
	void aCallersFirstRefusalIsTheOnlyFirst() {
		assertThat(this.refused.isFirst("seller-service")).isTrue();
		assertThat(this.refused.isFirst("seller-service")).isFalse();
	}

	@Test
	void eachCallerHasAFirstRefusalOfItsOwn() {
		assertThat(this.refused.isFirst("seller-service")).isTrue();
		assertThat(this.refused.isFirst("financial-soap-service")).isTrue();
	}

	@Test
	void noCallerIsReportedAsFirstOnceTheRememberedAreFull() {
		for (int i = 0; i < RefusedCallers.REMEMBERED; i++) {
			assertThat(this.refused.isFirst("caller-" + i)).isTrue();
		}
		assertThat(this.refused.isFirst("one-caller-too-many")).isFalse();
	}

}
