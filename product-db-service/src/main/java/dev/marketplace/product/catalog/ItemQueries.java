package dev.marketplace.product.catalog;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Every read and change of items, each one round trip: ranked search, a seller's listing and
 * items by ID (one statement each, keywords included); new listings and the sellers' price and
 * stock changes (stored procedures, migrations V8 and V9); stock and vote bookkeeping. Each
 * statement stands alone (autocommit) unless a caller's transaction is open; a new listing is a
 * transaction of its own inside its procedure.
 * <p>
 * A plain component: JdbcClient already throws DataAccessExceptions, so the proxy a
 * {@code @Repository} gets would only repeat that translation, at 2-3% of the product DB's CPU.
 */
@Component
class ItemQueries {

	/** The columns {@link #item} reads; the procedures of migration V9 answer the same ones. */
	private static final String SELECT_ITEMS = """
			SELECT i.id, i.category, i.name, i.item_condition, i.price, i.quantity, i.seller_id, i.thumbs_up,
			       i.thumbs_down, i.keywords
			FROM items i
			""";

	/**
	 * The ranked search for n keywords, one statement for each n from 1 to 5 (index n - 1): for
	 * every non-empty keyword set, the cheapest in-stock items under it (index
	 * ix_item_keyword_sets_ranking, reading items only to skip those sold out), then each item
	 * with the largest set it was found under, ranked, and the page's rows read with their
	 * keywords in the same statement. Parameters: :set1 to :set(2^n - 1) as
	 * {@link KeywordSets#of} orders them, :category, :window (rows read per set), :limit, :offset.
	 * <p>
	 * The join order and index are fixed: when the sets searched match most of a category that
	 * holds most of the items, MariaDB's cost model, blind to the LIMIT, scanned every item
	 * instead (measured: 177 ms instead of 0.3 ms for a search in a category of 35,000 items).
	 */
	private static final List<String> MATCHING = IntStream.rangeClosed(1, NewItem.MAX_KEYWORDS)
		.mapToObj(ItemQueries::matchingSql)
		.toList();

	private final JdbcClient jdbc;

	ItemQueries(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A category's items in stock, by item ID (index ix_items_category). */
	List<Item> inCategory(int category, Page page) {
		return this.jdbc.sql(SELECT_ITEMS + """
				WHERE i.category = :category AND i.quantity > 0
				ORDER BY i.id
				LIMIT :limit OFFSET :offset""")
			.params(Map.of("category", category, "limit", page.limit(), "offset", page.offset()))
			.query(ItemQueries::item)
			.list();
	}

	/**
	 * A category's items in stock with at least one of the keywords, most matching keywords
	 * first, then lowest price, then item ID. Reads each keyword set ({@link KeywordSets}) only
	 * until it has found offset + limit items in stock, never every match.
	 * @param keywordKeys distinct lower-case keywords, 1 to 5
	 */
	List<Item> matching(int category, List<String> keywordKeys, Page page) {
		Map<String, Object> params = new HashMap<>();
		List<String> sets = KeywordSets.of(keywordKeys);
		for (int i = 0; i < sets.size(); i++) {
			params.put("set" + (i + 1), sets.get(i));
		}
		params.put("category", category);
		params.put("window", (long) page.offset() + page.limit());
		params.put("limit", page.limit());
		params.put("offset", page.offset());
		return this.jdbc.sql(MATCHING.get(keywordKeys.size() - 1)).params(params).query(ItemQueries::item).list();
	}

	private static String matchingSql(int keywords) {
		String perSet = IntStream.range(1, 1 << keywords).mapToObj((pattern) -> """
				(SELECT s.item_id, s.price, %d AS matches
				 FROM item_keyword_sets s FORCE INDEX (ix_item_keyword_sets_ranking)
				      STRAIGHT_JOIN items i ON i.id = s.item_id
				 WHERE s.keyword_set = :set%d AND s.category = :category AND i.quantity > 0
				 ORDER BY s.price, s.item_id
				 LIMIT :window)""".formatted(Integer.bitCount(pattern), pattern))
			.collect(Collectors.joining("\nUNION ALL\n"));
		return SELECT_ITEMS + """
				JOIN (SELECT found.item_id, found.price, MAX(found.matches) AS matches
				      FROM (%s) found
				      GROUP BY found.item_id, found.price
				      ORDER BY matches DESC, found.price, found.item_id
				      LIMIT :limit OFFSET :offset) ranked ON ranked.item_id = i.id
				ORDER BY ranked.matches DESC, ranked.price, ranked.item_id""".formatted(perSet);
	}

	/** A seller's items in stock, by item ID (index ix_items_seller). */
	List<Item> ofSeller(long sellerId, Page page) {
		return this.jdbc.sql(SELECT_ITEMS + """
				WHERE i.seller_id = :seller AND i.quantity > 0
				ORDER BY i.id
				LIMIT :limit OFFSET :offset""")
			.params(Map.of("seller", sellerId, "limit", page.limit(), "offset", page.offset()))
			.query(ItemQueries::item)
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
	 * Lists a new item: its row and the keyword sets search finds it under, in one transaction and
	 * one round trip (procedure register_item, migration V8).
	 * @return the row ID the database gave the item
	 */
	long register(NewItem item, Instant listedAt) {
		List<String> sets = KeywordSets.of(item.keywords().stream().map(NewItem::keywordKey).toList());
		return this.jdbc.sql("CALL register_item(?, ?, ?, ?, ?, ?, ?, ?, ?)")
			.params(item.category(), item.name(), item.condition().name(), item.price(), item.quantity(),
					item.sellerId(), LocalDateTime.ofInstant(listedAt, ZoneOffset.UTC),
					String.join(NewItem.KEYWORD_SEPARATOR, item.keywords()), JsonMapper.shared().writeValueAsString(sets))
			.query(Long.class)
			.single();
	}

	/**
	 * Sets the price of the seller's item and of its keyword sets, so search ranks by the price
	 * readers see, and reads the item back: one round trip (procedure change_item_price, V9).
	 * @return the item, whether or not it is the seller's; empty if no item has the row ID
	 */
	Optional<Item> changePrice(ItemId id, long sellerId, BigDecimal price) {
		return this.jdbc.sql("CALL change_item_price(?, ?, ?, ?)")
			.params(id.number(), id.category(), sellerId, price)
			.query(ItemQueries::item)
			.optional();
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

	/**
	 * As {@link #removeUnitsIfAvailable}, only from the seller's own item, and reads the item back:
	 * one round trip (procedure remove_item_units, V9).
	 * @return whether the units were removed, and the item; empty if no item has the row ID
	 */
	Optional<UnitsRemoval> removeOwnUnitsIfAvailable(ItemId id, long sellerId, int units) {
		return this.jdbc.sql("CALL remove_item_units(?, ?, ?, ?)")
			.params(id.number(), id.category(), sellerId, units)
			.query((row, number) -> new UnitsRemoval(row.getBoolean("removed"), item(row, number)))
			.optional();
	}

	record UnitsRemoval(boolean removed, Item item) {
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
				keywords.isEmpty() ? List.of() : List.of(keywords.split(NewItem.KEYWORD_SEPARATOR)),
				ItemCondition.valueOf(row.getString("item_condition")), row.getBigDecimal("price"),
				row.getInt("quantity"), row.getLong("seller_id"), row.getInt("thumbs_up"), row.getInt("thumbs_down"));
	}

}
