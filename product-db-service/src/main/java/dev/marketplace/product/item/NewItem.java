package dev.marketplace.product.item;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.ItemIdFormat;

/**
 * An item a seller wants to list, checked against MARKETPLACE.md's limits. Keywords are stripped
 * of surrounding spaces, and those that differ only in case are one keyword.
 */
record NewItem(long sellerId, String name, int category, List<String> keywords, ItemCondition condition,
		BigDecimal price, int quantity) {

	static final int MAX_KEYWORDS = 5;

	/** Categories an item ID can carry (ItemIdFormat), so every listed item can be named again. */
	static final String CATEGORY_RANGE = "category must be from 0 to " + ItemIdFormat.MAX_CATEGORY;

	static final int MAX_KEYWORD_LENGTH = 8;

	/** Joins keywords where the database stores or returns several in one column. */
	static final String KEYWORD_SEPARATOR = "\u001F";

	NewItem {
		// Searches strip theirs; and MariaDB's collation ignores trailing spaces where MySQL's does not.
		keywords = keywords.stream().map(String::strip).toList();
		List<String> problems = new ArrayList<>();
		if (sellerId <= 0) {
			problems.add("sellerId must be positive");
		}
		if (name.isBlank() || characters(name) > 32) {
			problems.add("name must be 1 to 32 characters");
		}
		if (hasControlCharacter(name)) {
			problems.add("name must not contain control characters");
		}
		if (category < 0 || category > ItemIdFormat.MAX_CATEGORY) {
			problems.add(CATEGORY_RANGE);
		}
		if (keywords.size() > MAX_KEYWORDS) {
			problems.add("at most " + MAX_KEYWORDS + " keywords");
		}
		if (keywords.stream().anyMatch((k) -> k.isBlank() || characters(k) > MAX_KEYWORD_LENGTH)) {
			problems.add("keywords must be 1 to " + MAX_KEYWORD_LENGTH + " characters");
		}
		if (keywords.stream().anyMatch(NewItem::hasControlCharacter)) {
			problems.add("keywords must not contain control characters");
		}
		if (condition == null) {
			problems.add("condition must be NEW or USED");
		}
		if (!Prices.isValid(price)) {
			problems.add("price must be more than 0 and at most " + Prices.MAX + ", with at most 2 decimals");
		}
		if (quantity < 0) {
			problems.add("quantity must be 0 or more");
		}
		if (!problems.isEmpty()) {
			throw MarketplaceException.invalidArgument(String.join("; ", problems));
		}
		keywords = distinctIgnoringCase(keywords);
	}

	/** The lower-case form of a keyword, which searches match whatever the database's collation. */
	static String keywordKey(String keyword) {
		return keyword.toLowerCase(Locale.ROOT);
	}

	/** Names and keywords never contain one; {@link #KEYWORD_SEPARATOR} is one. */
	static boolean hasControlCharacter(String text) {
		return text.chars().anyMatch(Character::isISOControl);
	}

	/** Characters as MARKETPLACE.md, JSON Schema and the utf8mb4 columns count them: code points. */
	private static int characters(String text) {
		return text.codePointCount(0, text.length());
	}

	private static List<String> distinctIgnoringCase(List<String> keywords) {
		Map<String, String> byKey = new LinkedHashMap<>();
		keywords.forEach((keyword) -> byKey.putIfAbsent(keywordKey(keyword), keyword));
		return List.copyOf(byKey.values());
	}

}
