package dev.marketplace.frontend.web;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

import dev.marketplace.frontend.web.ApiExceptionHandler.FieldError;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class UnreadableBodyFieldTests {

	static final JsonMapper json = JsonMapper.builder()
		.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
		.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.addModule(IntegralNumbers.module())
		.build();

	static final String INT_RANGE = "must be a whole number, from -2147483648 to 2147483647";

	@Test
	void anUnknownEnumConstantNamesTheFieldAndTheConstants() {
		assertThat(fieldErrorReading("{\"vote\": \"up\"}")).contains(new FieldError("vote", "must be one of UP, DOWN"));
	}

	@Test
	void textWhereANumberBelongsNamesTheField() {
		assertThat(fieldErrorReading("{\"quantity\": \"two\"}"))
			.contains(new FieldError("quantity", INT_RANGE));
		assertThat(fieldErrorReading("{\"price\": \"cheap\"}")).contains(new FieldError("price", "must be a number"));
	}

	@Test
	void aWholeNumberTooLargeForItsFieldNamesTheFieldAndItsRange() {
		assertThat(fieldErrorReading("{\"quantity\": 99999999999}"))
			.contains(new FieldError("quantity", INT_RANGE));
		assertThat(fieldErrorReading("{\"sellerId\": 99999999999999999999}"))
			.contains(new FieldError("sellerId",
					"must be a whole number, from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE));
	}

	@Test
	void aWholeNumberWrittenWithAFractionOrAnExponentIsReadAsJsonSchemaReadsIt() throws Exception {
		assertThat(json.readValue("{\"quantity\": 539.0, \"sellerId\": 5.39e2}", Body.class))
			.isEqualTo(new Body(null, 539, 539L, null, null));
	}

	@Test
	void aNumberWithAFractionWhereAWholeOneBelongsIsRefusedNotRounded() {
		assertThat(fieldErrorReading("{\"quantity\": 1.5}")).contains(new FieldError("quantity", INT_RANGE));
		assertThat(fieldErrorReading("{\"quantity\": 1e10}")).contains(new FieldError("quantity", INT_RANGE));
	}

	@Test
	void aPropertyTheRequestDoesNotNameIsNamed() {
		assertThat(fieldErrorReading("{\"quantitiy\": 2}"))
			.contains(new FieldError("quantitiy", "is not a property of this request"));
	}

	@Test
	void aListElementOfTheWrongTypeNamesTheList() {
		assertThat(fieldErrorReading("{\"keywords\": [{}]}")).contains(new FieldError("keywords", "must be a string"));
	}

	@Test
	void aBodyThatIsNotJsonNamesNoField() {
		assertThat(fieldErrorReading("{\"vote\": ")).isEmpty();
	}

	static Optional<FieldError> fieldErrorReading(String body) {
		JacksonException failure = catchThrowableOfType(JacksonException.class, () -> json.readValue(body, Body.class));
		return UnreadableBodyField.of(new RuntimeException("wrapped as Spring does", failure));
	}

	enum Vote {

		UP, DOWN

	}

	record Body(Vote vote, Integer quantity, Long sellerId, BigDecimal price, List<String> keywords) {
	}

}
