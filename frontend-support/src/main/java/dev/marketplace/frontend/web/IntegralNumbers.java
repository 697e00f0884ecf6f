package dev.marketplace.frontend.web;

import java.math.BigDecimal;
import java.util.function.Function;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Whole-number body fields as JSON Schema's {@code integer} has them: any JSON number whose value
 * is whole ({@code 539}, {@code 539.0}, {@code 5.39e2}); one with a fraction ({@code 1.5}) or out
 * of the field's range is refused (400), never rounded. Jackson either refuses every number
 * written with a fraction or decimal point, or truncates {@code 1.5} to 1.
 */
final class IntegralNumbers {

	private IntegralNumbers() {
	}

	static SimpleModule module() {
		return new SimpleModule("IntegralNumbers")
			.addDeserializer(Integer.class, new Deserializer<>(Integer.class, BigDecimal::intValueExact))
			.addDeserializer(Long.class, new Deserializer<>(Long.class, BigDecimal::longValueExact));
	}

	private static final class Deserializer<T extends Number> extends StdScalarDeserializer<T> {

		private final Class<T> type;

		private final Function<BigDecimal, T> exactly;

		Deserializer(Class<T> type, Function<BigDecimal, T> exactly) {
			super(type);
			this.type = type;
			this.exactly = exactly;
		}

		@Override
		public T deserialize(JsonParser parser, DeserializationContext context) {
			if (parser.hasToken(JsonToken.VALUE_NUMBER_INT) || parser.hasToken(JsonToken.VALUE_NUMBER_FLOAT)) {
				BigDecimal value = parser.getDecimalValue();
				try {
					return this.exactly.apply(value);
				}
				catch (ArithmeticException ex) {
					return this.type.cast(context.handleWeirdNumberValue(this.type, value, "not a whole number in range"));
				}
			}
			return this.type.cast(context.handleUnexpectedToken(this.type, parser));
		}

	}

}
