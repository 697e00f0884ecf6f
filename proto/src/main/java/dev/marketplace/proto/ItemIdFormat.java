package dev.marketplace.proto;

import java.util.regex.Pattern;

/**
 * Item IDs, {@code "<category>-<number>"}, as every service writes and reads them: the one rule
 * for categories too, since a category an ID cannot carry must not be listed.
 */
public final class ItemIdFormat {

	/** An item ID carries at most nine digits of category. */
	public static final int MAX_CATEGORY = 999_999_999;

	/**
	 * For {@code @Pattern(regexp = ItemIdFormat.PATTERN, message = ItemIdFormat.MESSAGE)}. Anchored
	 * because the OpenAPI document publishes it as a JSON Schema pattern, which matches anywhere in
	 * a value.
	 */
	public static final String PATTERN = "^[0-9]{1,9}-[0-9]{1,18}$";

	public static final String MESSAGE = "must look like <category>-<number>, e.g. 3-17";

	/** The category and the number as groups 1 and 2. */
	public static final Pattern FORMAT = Pattern.compile("([0-9]{1,9})-([0-9]{1,18})");

	private ItemIdFormat() {
	}

}
