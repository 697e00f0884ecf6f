package dev.marketplace.frontend.web;

/**
 * Text that people read back (names, keywords, a cardholder's name): no control characters,
 * unpaired surrogates or the noncharacters U+FFFE and U+FFFF. A client can send any of them as
 * JSON escapes, but the protobuf encoding turns an unpaired surrogate into {@code ?}, and XML
 * (the payment service's SOAP) cannot carry the others at all.
 */
public final class PlainText {

	/** The characters refused, as the ranges of a regular expression's character class. */
	public static final String CHARACTERS_REFUSED = "\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF";

	/**
	 * For {@code @Pattern(regexp = PlainText.PATTERN, message = PlainText.MESSAGE)}, beside
	 * {@link WellFormedUnicode} for the surrogates. The OpenAPI document publishes it as a JSON
	 * Schema pattern, which matches anywhere in a value, so it is anchored; and it is written in
	 * the subset of ECMA-262 every JSON Schema validator reads alike: the characters themselves in
	 * a negated class, no {@code \p{..}} classes or escapes.
	 */
	public static final String PATTERN = "^[^" + CHARACTERS_REFUSED + "]*$";

	/**
	 * What the OpenAPI document publishes for plain text that is also {@code @NotBlank}: at least
	 * one character other than a space (the only blank character the pattern lets through).
	 */
	public static final String NOT_BLANK_PATTERN = "^[^" + CHARACTERS_REFUSED + "]*[^ " + CHARACTERS_REFUSED + "][^"
			+ CHARACTERS_REFUSED + "]*$";

	public static final String MESSAGE = "must not contain control characters or invalid Unicode";

	private PlainText() {
	}

}
