package dev.marketplace.financial.payment;

import java.time.YearMonth;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CardCheckTests {

	static final YearMonth NOW = YearMonth.of(2026, 11);

	@Test
	void wellFormedCardHasNoProblems() {
		assertThat(CardCheck.problems("Ada Lovelace", "4111111111111111", "12/27", "123", NOW)).isEmpty();
		assertThat(CardCheck.problems("Ada Lovelace", "4111 1111 1111 1111", "11/26", "1234", NOW)).isEmpty();
	}

	@Test
	void aNameOf64CharactersIsWellFormedWhateverTheirSizeInUtf16AndOneMoreIsNot() {
		assertThat(CardCheck.problems("💡".repeat(64), "4111111111111111", "12/27", "123", NOW)).isEmpty();
		assertThat(CardCheck.problems("💡".repeat(65), "4111111111111111", "12/27", "123", NOW))
			.containsExactly("the cardholder name is longer than 64 characters");
	}

	@Test
	void numberFailingTheLuhnCheckIsInvalid() {
		assertThat(CardCheck.problems("Ada", "4111111111111112", "12/27", "123", NOW))
			.containsExactly("the card number is not valid");
	}

	@Test
	void numberWithLettersOrTooFewDigitsIsInvalid() {
		assertThat(CardCheck.problems("Ada", "4111-1111-1111-1111", "12/27", "123", NOW)).hasSize(1);
		assertThat(CardCheck.problems("Ada", "42", "12/27", "123", NOW)).hasSize(1);
	}

	@Test
	void expiryMustBeMonthSlashYearAndNotPast() {
		assertThat(CardCheck.problems("Ada", "4111111111111111", "2027-12", "123", NOW))
			.containsExactly("the expiry must be MM/YY");
		assertThat(CardCheck.problems("Ada", "4111111111111111", "13/27", "123", NOW))
			.containsExactly("the expiry must be MM/YY");
		assertThat(CardCheck.problems("Ada", "4111111111111111", "10/26", "123", NOW))
			.containsExactly("the card has expired");
	}

	@Test
	void securityCodeIsThreeOrFourDigits() {
		assertThat(CardCheck.problems("Ada", "4111111111111111", "12/27", "12", NOW))
			.containsExactly("the security code must be 3 or 4 digits");
		assertThat(CardCheck.problems("Ada", "4111111111111111", "12/27", "12a", NOW)).hasSize(1);
	}

	@Test
	void everyProblemIsReported() {
		assertThat(CardCheck.problems("", "1", "x", "", NOW)).hasSize(4);
	}

}
