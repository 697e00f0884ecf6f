package dev.marketplace.frontend.web;

import java.beans.PropertyEditorSupport;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * Whole numbers in paths and query parameters ({@code category}, {@code limit}, a seller's ID)
 * are written with the ASCII digits 0–9, an optional minus sign first, as item IDs are. Spring
 * read {@code 0x3} and {@code #3} as hexadecimal, trimmed spaces, and took Arabic-Indic or
 * full-width digits, so {@code /sellers/٧/rating} was seller 7. These are property editors, not
 * converters: when a converter refuses a value, Spring tries its default number editor next,
 * which is the lenient reading itself.
 */
@ControllerAdvice
public class DecimalDigitParameters {

	private static final Pattern DECIMAL = Pattern.compile("-?[0-9]+");

	@InitBinder
	void readWholeNumbersAsDecimalDigits(WebDataBinder binder) {
		binder.registerCustomEditor(int.class, new Editor(DecimalDigitParameters::toInteger, false));
		binder.registerCustomEditor(Integer.class, new Editor(DecimalDigitParameters::toInteger, true));
		binder.registerCustomEditor(long.class, new Editor(DecimalDigitParameters::toLong, false));
		binder.registerCustomEditor(Long.class, new Editor(DecimalDigitParameters::toLong, true));
	}

	static Integer toInteger(String text) {
		return parse(text, Integer::valueOf);
	}

	static Long toLong(String text) {
		return parse(text, Long::valueOf);
	}

	/**
	 * The number, or null for an empty parameter (Spring's meaning: absent, so its default
	 * applies).
	 * @throws NumberFormatException if it is not decimal digits or does not fit the type
	 */
	private static <T> T parse(String text, Function<String, T> valueOf) {
		if (text.isEmpty()) {
			return null;
		}
		if (!DECIMAL.matcher(text).matches()) {
			throw new NumberFormatException("Not a decimal whole number: " + text);
		}
		return valueOf.apply(text);
	}

	/** One per binder: a property editor holds the value it converted. */
	private static final class Editor extends PropertyEditorSupport {

		private final Function<String, ?> parse;

		private final boolean nullable;

		Editor(Function<String, ?> parse, boolean nullable) {
			this.parse = parse;
			this.nullable = nullable;
		}

		@Override
		public void setAsText(String text) {
			Object value = this.parse.apply(text);
			if (value == null && !this.nullable) {
				throw new IllegalArgumentException("A number is required");
			}
			setValue(value);
		}

	}

}
