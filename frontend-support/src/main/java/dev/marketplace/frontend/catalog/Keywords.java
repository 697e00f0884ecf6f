package dev.marketplace.frontend.catalog;

/** How many keywords MARKETPLACE.md lets an item be listed or searched with. */
public final class Keywords {

	/** For {@code @Size(max = Keywords.MAX, message = Keywords.TOO_MANY)} on a list of keywords. */
	public static final int MAX = 5;

	public static final String TOO_MANY = "at most " + MAX + " keywords";

	private Keywords() {
	}

}
