package dev.marketplace.product.catalog;

import java.util.Locale;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * A keyword as the seller wrote it, plus its lower-case form, which searches match (through
 * {@link ItemKeywordSet}s, whatever the database's collation).
 */
@Embeddable
class ItemKeyword {

	@Column(name = "keyword", nullable = false, length = 8)
	private String keyword;

	@Column(name = "keyword_key", nullable = false, length = 8)
	private String keywordKey;

	protected ItemKeyword() {
	}

	ItemKeyword(String keyword) {
		this.keyword = keyword;
		this.keywordKey = key(keyword);
	}

	static String key(String keyword) {
		return keyword.toLowerCase(Locale.ROOT);
	}

	String keyword() {
		return this.keyword;
	}

	String keywordKey() {
		return this.keywordKey;
	}

}
