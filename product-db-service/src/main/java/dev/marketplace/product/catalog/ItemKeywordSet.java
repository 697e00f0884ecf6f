package dev.marketplace.product.catalog;

import java.math.BigDecimal;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * One of the keyword sets an item is found under ({@link KeywordSets}), with the item's category
 * and price beside it so a search ranks from the index alone.
 */
@Embeddable
class ItemKeywordSet {

	@Column(name = "keyword_set", nullable = false, length = 44)
	private String keywordSet;

	@Column(nullable = false)
	private int category;

	/** Kept equal to the item's price by the one statement that changes prices. */
	@Column(nullable = false, precision = 10, scale = 2)
	private BigDecimal price;

	protected ItemKeywordSet() {
	}

	ItemKeywordSet(String keywordSet, int category, BigDecimal price) {
		this.keywordSet = keywordSet;
		this.category = category;
		this.price = price;
	}

}
