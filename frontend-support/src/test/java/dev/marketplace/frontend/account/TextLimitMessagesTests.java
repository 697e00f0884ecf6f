package dev.marketplace.frontend.account;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What a client reads when a text is over its limit, which counts characters (code points). */
class TextLimitMessagesTests {

	private static ValidatorFactory validators;

	private static Validator validator;

	@BeforeAll
	static void createValidator() {
		validators = Validation.buildDefaultValidatorFactory();
		validator = validators.getValidator();
	}

	@AfterAll
	static void closeValidator() {
		validators.close();
	}

	@Test
	void aTextOverItsMaximumIsToldTheMaximumInCharacters() {
		NewAccountRequest request = new NewAccountRequest("alice", "correct-horse", "x".repeat(33));

		assertThat(validator.validate(request)).extracting(ConstraintViolation::getMessage)
			.containsExactly("must be at most 32 characters long");
	}

	@Test
	void aTextUnderItsMinimumIsToldBothLimitsInCharacters() {
		NewAccountRequest request = new NewAccountRequest("alice", "short", "Alice");

		assertThat(validator.validate(request)).extracting(ConstraintViolation::getMessage)
			.containsExactly("must be 8 to 64 characters long");
	}

}
