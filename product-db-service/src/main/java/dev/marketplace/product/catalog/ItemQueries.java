package dev.marketplace.product.catalog;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Every read of items and every single-statement change: ranked search, a seller's listing,
 * items by ID (keywords included, in one statement), price, stock and vote bookkeeping. Each
 * statement stands alone (autocommit) unless a caller's transaction is open.
 */
@Repository
class ItemQueries {

	/** Joins an item's keywords into one column; keywords cannot contain it (NewItem). */
	static final String KEYWORD_SEPARATOR = "\u001F";

	private static final String SELECT_ITEMS = """
			SELECT i.id, i.category, i.name, i.item_condition, i.price, i.quantity, i.seller_id, i.thumbs_up,
			       i.thumbs_down,
			       (SELECT GROUP_CONCAT(k.keyword ORDER BY k.position SEPARATOR '\u001F')
			        FROM item_keywords k WHERE k.item_id = i.id) AS keywords
			FROM items i""";

	/**
	 * Ranks a window of the best matches from the keyword index alone (index-only, no item read per
	 * matching row), then drops those out of stock and pages what is left. The window is a prefix
	 * of the ranking of all matches, in stock or not, so a page found inside it is exact.
	 */
	static final String MATCHING = """
			SELECT ranked.item_id
			FROM (SELECT item_id, price, COUNT(*) AS matches
			      FROM item_keywords
			      WHERE keyword_key IN (:keys) AND category = :category
			      GROUP BY item_id, price
			      ORDER BY matches DESC, price, item_id
			      LIMIT :window) ranked
			JOIN items i ON i.id = ranked.item_id
			WHERE i.quantity > 0
			ORDER BY ranked.matches DESC, ranked.price, ranked.item_id
			LIMIT :limit OFFSET :offset""";

	/** Ranked matches read beyond the page, so a few sold-out items do not need a second query. */
	private static final int WINDOW_SLACK = 16;

	/** A window as large as the ranking: every match. */
	private static final long WHOLE_RANKING = Long.MAX_VALUE;

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
	 * (index ix_item_keywords_ranking), never the whole category, and items only for the window.
	 * When the window holds fewer than a page of items in stock (the end of the results, or many
	 * sold out), the ranking is read whole.
	 * @param keywordKeys lower-case keywords, at least one
	 */
	List<Long> matching(int category, List<String> keywordKeys, Page page) {
		List<Long> found = matching(category, keywordKeys, page, (long) page.offset() + page.limit() + WINDOW_SLACK);
		return (found.size() == page.limit()) ? found : matching(category, keywordKeys, page, WHOLE_RANKING);
	}

	private List<Long> matching(int category, List<String> keywordKeys, Page page, long window) {
		return this.jdbc.sql(MATCHING)
			.params(Map.of("keys", keywordKeys, "category", category, "window", window, "limit", page.limit(),
					"offset", page.offset()))
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

	Optional<Item> find(long number) {
		return this.jdbc.sql(SELECT_ITEMS + " WHERE i.id = ?").param(number).query(ItemQueries::item).optional();
	}

	/** The items with these row IDs that exist, in no particular order. */
	List<Item> findAll(Collection<Long> numbers) {
		if (numbers.isEmpty()) {
			return List.of();
		}
		return this.jdbc.sql(SELECT_ITEMS + " WHERE i.id IN (:ids)")
			.param("ids", numbers)
			.query(ItemQueries::item)
			.list();
	}

	/**
	 * Sets the price of the item and of its keyword rows in one statement, so search ranks by
	 * the price readers see.
	 * @return more than 0 if the seller's item got the price, 0 if no such item is the seller's
	 */
	int changePrice(ItemId id, long sellerId, BigDecimal price) {
		return this.jdbc.sql("""
				UPDATE items i LEFT JOIN item_keywords k ON k.item_id = i.id
				SET i.price = ?, k.price = ?
				WHERE i.id = ? AND i.category = ? AND i.seller_id = ?""")
			.params(price, price, id.number(), id.category(), sellerId)
			.update();
	}

	/**
	 * Takes units off sale only if that many are there: one atomic statement, so concurrent
	 * removals can never drive the quantity below zero.
	 * @return 1 if the units were removed, 0 otherwise
	 */
	int removeUnitsIfAvailable(long number, int units) {
		return this.jdbc.sql("UPDATE items SET quantity = quantity - ? WHERE id = ? AND quantity >= ?")
			.params(units, number, units)
			.update();
	}

	/** As {@link #removeUnitsIfAvailable}, and only from the seller's own item. */
	int removeOwnUnitsIfAvailable(ItemId id, long sellerId, int units) {
		return this.jdbc.sql("""
				UPDATE items SET quantity = quantity - ?
				WHERE id = ? AND category = ? AND seller_id = ? AND quantity >= ?""")
			.params(units, id.number(), id.category(), sellerId, units)
			.update();
	}

	void addVote(long number, boolean thumbsUp) {
		String counter = thumbsUp ? "thumbs_up" : "thumbs_down";
		this.jdbc.sql("UPDATE items SET " + counter + " = " + counter + " + 1 WHERE id = ?").param(number).update();
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

	private static Item item(ResultSet row, int rowNumber) throws SQLException {
		String keywords = row.getString("keywords");
		return new Item(row.getLong("id"), row.getInt("category"), row.getString("name"),
				(keywords != null) ? List.of(keywords.split(KEYWORD_SEPARATOR)) : List.of(),
				ItemCondition.valueOf(row.getString("item_condition")), row.getBigDecimal("price"),
				row.getInt("quantity"), row.getLong("seller_id"), row.getInt("thumbs_up"), row.getInt("thumbs_down"));
	}

}
