package dev.marketplace.frontend.catalog;

import dev.marketplace.proto.ItemIdFormat;

/** Item IDs as REST-API.md writes them: {@code "<category>-<number>"} ({@link ItemIdFormat}). */
public final class ItemIds {

	/** For {@code @Pattern(regexp = ItemIds.PATTERN, message = ItemIds.MESSAGE)}. */
	public static final String PATTERN = ItemIdFormat.PATTERN;

	public static final String MESSAGE = ItemIdFormat.MESSAGE;

	/** For {@code @Max(ItemIds.MAX_CATEGORY)} on a category. */
	public static final long MAX_CATEGORY = ItemIdFormat.MAX_CATEGORY;

	private ItemIds() {
	}

}
