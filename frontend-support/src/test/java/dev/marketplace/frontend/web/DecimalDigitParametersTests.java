package dev.marketplace.frontend.web;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class DecimalDigitParametersTests {

	@Test
	void decimalDigitsWithAnOptionalMinusAreRead() {
		assertThat(DecimalDigitParameters.toInteger("17")).isEqualTo(17);
		assertThat(DecimalDigitParameters.toInteger("017")).isEqualTo(17);
		assertThat(DecimalDigitParameters.toLong("-1")).isEqualTo(-1L);
		assertThat(DecimalDigitParameters.toLong("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
	}

	/** Empty, hexadecimal, signs, spaces, Arabic-Indic and full-width digits, and a fraction. */
	@ParameterizedTest
	@ValueSource(strings = { "", "0x3", "#3", "+3", " 3", "3 ", "\u0663", "\uFF13", "3.0", "1e3", "--3" })
	void anythingElseIsRefused(String text) {
		assertThatExceptionOfType(NumberFormatException.class)
			.isThrownBy(() -> DecimalDigitParameters.toInteger(text));
	}

	@Test
	void aNumberTooLargeForItsTypeIsRefused() {
		assertThatExceptionOfType(NumberFormatException.class)
			.isThrownBy(() -> DecimalDigitParameters.toInteger("2147483648"));
	}

}
