package dev.marketplace.product.catalog;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The queries that are plain SQL: ranked search, a seller's listing, and vote bookkeeping.
 * Each returns item row IDs; the items themselves are read through JPA.
 */
@Repository
class ItemQueries {

	static final String MATCHING = """
			SELECT k.item_id
			FROM item_keywords k JOIN items i ON i.id = k.item_id
			WHERE k.keyword_key IN (:keys) AND k.category = :category AND i.quantity > 0
			GROUP BY k.item_id, i.price
			ORDER BY COUNT(*) DESC, i.price, k.item_id
			LIMIT :limit OFFSET :offset""";

	private final JdbcClient jdbc;

	ItemQueries(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A category's items in stock, by item ID (index ix_items_category). */
	List<Long> inCategory(int category, Page page) {
		return this.jdbc
			.sql("""
					SELECT id FROM items
					WHERE category = :category AND quantity > 0
					ORDER BY id
					LIMIT :limit OFFSET :offset""")
			.params(Map.of("category", category, "limit", page.limit(), "offset", page.offset()))
			.query(Long.class)
			.list();
	}

	/**
	 * A category's items in stock with at least one of the keywords, most matching keywords
	 * first, then lowest price, then item ID. Reads only the keywords' rows of that category
	 * (index ix_item_keywords_search), never the whole category.
	 * @param keywordKeys lower-case keywords, at least one
	 */
	List<Long> matching(int category, List<String> keywordKeys, Page page) {
		return this.jdbc.sql(MATCHING)
			.params(Map.of("keys", keywordKeys, "category", category, "limit", page.limit(), "offset",
					page.offset()))
			.query(Long.class)
			.list();
	}

	/** A seller's items in stock, by item ID (index ix_items_seller). */
	List<Long> ofSeller(long sellerId, Page page) {
		return this.jdbc
			.sql("""
					SELECT id FROM items
					WHERE seller_id = :seller AND quantity > 0
					ORDER BY id
					LIMIT :limit OFFSET :offset""")
			.params(Map.of("seller", sellerId, "limit", page.limit(), "offset", page.offset()))
			.query(Long.class)
			.list();
	}

	/**
	 * Records a buyer's vote on an item.
	 * @return false if this buyer's vote on this item was recorded before
	 */
	boolean recordVote(long itemId, long buyerId, boolean thumbsUp, Instant now) {
		try {
			this.jdbc
				.sql("INSERT INTO item_votes (item_id, buyer_id, thumbs_up, created_at) VALUES (?, ?, ?, ?)")
				.params(itemId, buyerId, thumbsUp, LocalDateTime.ofInstant(now, ZoneOffset.UTC))
				.update();
			return true;
		}
		catch (DuplicateKeyException ex) {
			return false;
		}
	}

}
