package dev.marketplace.payment.contract;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class SecurityCodeTests {

	@ParameterizedTest
	@ValueSource(strings = { "123", "0123" })
	void threeOrFourDigitsAreValid(String code) {
		assertThat(SecurityCode.isValid(code)).isTrue();
	}

	@ParameterizedTest
	@NullAndEmptySource
	@ValueSource(strings = { "12", "12345", "12a", " 123" })
	void anythingElseIsInvalid(String code) {
		assertThat(SecurityCode.isValid(code)).isFalse();
	}

}
