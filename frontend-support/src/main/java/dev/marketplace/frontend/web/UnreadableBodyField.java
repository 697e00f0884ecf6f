package dev.marketplace.frontend.web;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collection;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.marketplace.frontend.web.ApiExceptionHandler.FieldError;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import org.springframework.util.ClassUtils;

/**
 * Names the field of a JSON body that could not be read as its type ({@code "vote": "up"},
 * {@code "quantity": "2"}, {@code "quantity": 99999999999}), so such a body gets the same
 * {@code errors: [{field, message}]} as any other invalid field. A body that is not JSON at all
 * names no field.
 */
final class UnreadableBodyField {

	private UnreadableBodyField() {
	}

	static Optional<FieldError> of(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof UnrecognizedPropertyException unknown) {
				return Optional.of(new FieldError(fieldName(unknown), "is not a property of this request"));
			}
			if (cause instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
				return Optional.of(new FieldError(fieldName(mismatch), expected(mismatch.getTargetType())));
			}
			if (cause instanceof InputCoercionException outOfRange && !outOfRange.getPath().isEmpty()) {
				return Optional.of(new FieldError(fieldName(outOfRange), expected(outOfRange.getTargetType())));
			}
		}
		return Optional.empty();
	}

	/** The JSON property, outermost first ({@code keywords} for an element of that list). */
	private static String fieldName(JacksonException mismatch) {
		return mismatch.getPath()
			.stream()
			.map(JacksonException.Reference::getPropertyName)
			.filter((name) -> name != null)
			.collect(Collectors.joining("."));
	}

	/** A JSON number of any notation whose value is whole ({@link IntegralNumbers}). */
	private static String wholeNumberBetween(long min, long max) {
		return "must be a whole number, from " + min + " to " + max;
	}

	private static String expected(Class<?> targetType) {
		if (targetType == null) {
			return "has the wrong type";
		}
		Class<?> type = ClassUtils.resolvePrimitiveIfNecessary(targetType);
		if (type.isEnum()) {
			return "must be one of " + Arrays.stream(type.getEnumConstants())
				.map((constant) -> ((Enum<?>) constant).name())
				.collect(Collectors.joining(", "));
		}
		if (type == Integer.class) {
			return wholeNumberBetween(Integer.MIN_VALUE, Integer.MAX_VALUE);
		}
		if (type == Long.class) {
			return wholeNumberBetween(Long.MIN_VALUE, Long.MAX_VALUE);
		}
		if (type == BigDecimal.class || type == Double.class) {
			return "must be a number";
		}
		if (type == String.class) {
			return "must be a string";
		}
		if (Collection.class.isAssignableFrom(type)) {
			return "must be a list";
		}
		return "has the wrong type";
	}

}
