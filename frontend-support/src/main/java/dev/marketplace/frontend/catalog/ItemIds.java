package dev.marketplace.frontend.catalog;

/** Item IDs as REST-API.md writes them: {@code "<category>-<number>"}. */
public final class ItemIds {

	/**
	 * For {@code @Pattern(regexp = ItemIds.PATTERN, message = ItemIds.MESSAGE)}. Anchored because
	 * the OpenAPI document publishes it as a JSON Schema pattern, which matches anywhere in a value.
	 */
	public static final String PATTERN = "^\\d{1,9}-\\d{1,18}$";

	public static final String MESSAGE = "must look like <category>-<number>, e.g. 3-17";

	private ItemIds() {
	}

}
