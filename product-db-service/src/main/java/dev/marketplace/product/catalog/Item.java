package dev.marketplace.product.catalog;

import java.math.BigDecimal;
import java.util.List;

/** An item for sale with its stock and buyers' feedback, as read from the database. */
record Item(long number, int category, String name, List<String> keywords, ItemCondition condition, BigDecimal price,
		int quantity, long sellerId, int thumbsUp, int thumbsDown) {

	ItemId itemId() {
		return new ItemId(this.category, this.number);
	}

	boolean isOwnedBy(long seller) {
		return this.sellerId == seller;
	}

}
