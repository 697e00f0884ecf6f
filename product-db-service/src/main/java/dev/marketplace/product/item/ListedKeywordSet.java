package dev.marketplace.product.item;

import java.math.BigDecimal;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * One of an item's keyword sets as search reads it: the set, with the item's category and price
 * beside it so the ranking index holds everything a search orders by.
 */
@Embeddable
record ListedKeywordSet(@Column(name = "keyword_set", nullable = false, length = 44) String keywordSet,
		@Column(nullable = false) int category, @Column(nullable = false, precision = 10, scale = 2) BigDecimal price) {
}
