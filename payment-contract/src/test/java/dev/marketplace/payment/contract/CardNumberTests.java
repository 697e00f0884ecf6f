package dev.marketplace.payment.contract;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class CardNumberTests {

	@ParameterizedTest
	@ValueSource(strings = { "4111111111111111", "5555555555554444", "378282246310005", "6011000990139424" })
	void digitsEndingInTheirLuhnCheckDigitAreValid(String number) {
		assertThat(CardNumber.isValid(number)).isTrue();
	}

	@Test
	void aWrongCheckDigitIsInvalid() {
		assertThat(CardNumber.isValid("4111111111111112")).isFalse();
	}

	@ParameterizedTest
	@NullAndEmptySource
	@ValueSource(strings = { "00000000000", "00000000000000000000", "4111-1111-1111-1111", "4111 1111 1111 1111" })
	void anythingButTwelveToNineteenDigitsIsInvalid(String number) {
		assertThat(CardNumber.isValid(number)).isFalse();
	}

	/** The buyer service checks the format with it, and the check digit with its own validator. */
	@Test
	void theFormatIsTwelveToNineteenDigits() {
		assertThat("0".repeat(12)).matches(CardNumber.FORMAT);
		assertThat("0".repeat(19)).matches(CardNumber.FORMAT);
		assertThat("0".repeat(20)).doesNotMatch(CardNumber.FORMAT);
	}

	@Test
	void maskedShowsOnlyTheLastFourDigits() {
		assertThat(CardNumber.masked("4111 1111 1111 1234")).isEqualTo("****1234");
		assertThat(CardNumber.masked("123")).isEqualTo("****");
		assertThat(CardNumber.masked(null)).isEqualTo("****");
	}

}
