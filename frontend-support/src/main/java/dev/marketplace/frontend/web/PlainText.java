package dev.marketplace.frontend.web;

/**
 * Text that people read back (names, keywords, a cardholder's name): no control characters,
 * unpaired surrogates or the noncharacters U+FFFE and U+FFFF. A client can send any of them as
 * JSON escapes, but the protobuf encoding turns an unpaired surrogate into {@code ?}, and XML
 * (the payment service's SOAP) cannot carry the others at all.
 */
public final class PlainText {

	/**
	 * For {@code @Pattern(regexp = PlainText.PATTERN, message = PlainText.MESSAGE)}. Anchored, and
	 * written in the syntax Java and ECMAScript share, because the OpenAPI document publishes it as
	 * a JSON Schema pattern, which matches anywhere in a value.
	 */
	public static final String PATTERN = "^[^\\p{Cc}\\p{Cs}\\uFFFE\\uFFFF]*$";

	public static final String MESSAGE = "must not contain control characters or invalid Unicode";

	private PlainText() {
	}

}
