package dev.marketplace.product.item;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The keyword sets search ranks by. An item is stored under every non-empty set of its keywords,
 * each set ordered by price, so a search for keywords K reads, for each non-empty subset S of K,
 * only the cheapest items stored under S. An item matching exactly the keywords M of K ranks
 * below every item before it under M (those match M too, and are cheaper), so the first n items
 * under each subset always hold the first n of the whole ranking: a search reads a page's worth
 * of rows per subset however many items match.
 */
final class KeywordSets {

	private KeywordSets() {
	}

	/**
	 * Every non-empty set of the keys, one for each bit pattern from 1 to 2^n - 1: the set of
	 * pattern p holds the key at index i when bit i of p is set, so it is at index p - 1 and has
	 * {@code Integer.bitCount(p)} keys.
	 * @param keys distinct lower-case keywords, at most {@link NewItem#MAX_KEYWORDS}
	 */
	static List<String> of(Collection<String> keys) {
		String[] sorted = keys.stream().sorted(KeywordSets::compareCodePoints).toArray(String[]::new);
		if (sorted.length > NewItem.MAX_KEYWORDS) {
			throw new IllegalArgumentException("at most " + NewItem.MAX_KEYWORDS + " keywords: " + keys);
		}
		List<String> sets = new ArrayList<>((1 << sorted.length) - 1);
		for (int pattern = 1; pattern < (1 << sorted.length); pattern++) {
			StringBuilder set = new StringBuilder();
			for (int i = 0; i < sorted.length; i++) {
				if ((pattern & (1 << i)) != 0) {
					set.append((set.length() > 0) ? NewItem.KEYWORD_SEPARATOR : "").append(sorted[i]);
				}
			}
			sets.add(set.toString());
		}
		return sets;
	}

	/**
	 * Unicode code point order, which is the database's binary UTF-8 order too: the migration
	 * that built the first sets ordered their keywords there.
	 */
	private static int compareCodePoints(String left, String right) {
		return Arrays.compare(left.codePoints().toArray(), right.codePoints().toArray());
	}

}
