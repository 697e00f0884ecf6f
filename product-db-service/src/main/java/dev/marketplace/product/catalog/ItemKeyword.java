package dev.marketplace.product.catalog;

import java.math.BigDecimal;
import java.util.Locale;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * A keyword as the seller wrote it, plus its lower-case form: searches match on the lower-case
 * form through an index, whatever the database's collation.
 */
@Embeddable
class ItemKeyword {

	@Column(name = "keyword", nullable = false, length = 8)
	private String keyword;

	@Column(name = "keyword_key", nullable = false, length = 8)
	private String keywordKey;

	/** The item's category, repeated here so a search reads one index range. */
	@Column(nullable = false)
	private int category;

	/** The item's price, repeated here so a search ranks without reading the items. */
	@Column(nullable = false, precision = 10, scale = 2)
	private BigDecimal price;

	protected ItemKeyword() {
	}

	ItemKeyword(String keyword, int category, BigDecimal price) {
		this.keyword = keyword;
		this.keywordKey = key(keyword);
		this.category = category;
		this.price = price;
	}

	static String key(String keyword) {
		return keyword.toLowerCase(Locale.ROOT);
	}

	String keyword() {
		return this.keyword;
	}

}
