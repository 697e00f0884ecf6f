package dev.marketplace.frontend.catalog;

import java.math.BigDecimal;
import java.util.List;

import dev.marketplace.proto.product.v1.Item;

/** The Item object of REST-API.md. */
public record ItemJson(String itemId, String name, int category, List<String> keywords, String condition,
		BigDecimal price, int quantity, long sellerId, FeedbackJson feedback) {

	public static ItemJson from(Item item) {
		return new ItemJson(item.getItemId(), item.getName(), item.getCategory(), item.getKeywordsList(),
				item.getCondition().name(), Money.fromCents(item.getPriceCents()), item.getQuantity(),
				item.getSellerId(),
				new FeedbackJson(item.getFeedback().getThumbsUp(), item.getFeedback().getThumbsDown()));
	}

	/** Buyers' votes on an item. */
	public record FeedbackJson(int thumbsUp, int thumbsDown) {
	}

}
