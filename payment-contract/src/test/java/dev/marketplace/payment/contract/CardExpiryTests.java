package dev.marketplace.payment.contract;

import java.time.YearMonth;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class CardExpiryTests {

	@Test
	void monthSlashTwoDigitYearIsThatMonthOfThisCentury() {
		assertThat(CardExpiry.lastMonth("07/31")).contains(YearMonth.of(2031, 7));
	}

	@ParameterizedTest
	@NullAndEmptySource
	@ValueSource(strings = { "13/30", "00/30", "7/30", "07/2030", "07-30", " 07/30", "07/30\n" })
	void anythingButMonthSlashTwoDigitYearIsNoMonth(String expiry) {
		assertThat(CardExpiry.lastMonth(expiry)).isEmpty();
	}

	/** The buyer service checks the format with it, before the month is ever read. */
	@Test
	void theFormatIsTwoDigitMonthSlashTwoDigitYear() {
		assertThat("07/30").matches(CardExpiry.FORMAT);
		assertThat("7/30").doesNotMatch(CardExpiry.FORMAT);
		assertThat("07/2030").doesNotMatch(CardExpiry.FORMAT);
	}

}
