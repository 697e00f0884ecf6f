package dev.marketplace.frontend.catalog;

import dev.marketplace.frontend.web.PlainText;

/** How many keywords MARKETPLACE.md lets an item be listed or searched with. */
public final class Keywords {

	/** For {@code @Size(max = Keywords.MAX, message = Keywords.TOO_MANY)} on a list of keywords. */
	public static final int MAX = 5;

	public static final String TOO_MANY = "at most " + MAX + " keywords";

	/**
	 * SearchItemsForSale's {@code keywords} as the OpenAPI document publishes it: one string of at
	 * most 5 comma-separated keywords, each plain text. An array parameter cannot say it: the
	 * service splits every value at its commas, so one value of {@code lamp,desk} is two keywords.
	 */
	public static final String QUERY_PATTERN = "^[^," + PlainText.CHARACTERS_REFUSED + "]*(,[^,"
			+ PlainText.CHARACTERS_REFUSED + "]*){0," + (MAX - 1) + "}$";

	private Keywords() {
	}

}
