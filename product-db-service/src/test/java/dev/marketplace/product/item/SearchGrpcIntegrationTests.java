package dev.marketplace.product.item;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import dev.marketplace.product.ProductDbIntegrationTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.product.v1.ChangePriceRequest;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.SearchItemsRequest;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

class SearchGrpcIntegrationTests extends ProductDbIntegrationTest {

	@Autowired
	JdbcClient jdbc;

	final int category = ThreadLocalRandom.current().nextInt(1_000, 1_000_000_000);

	@Test
	void keywordSearchRanksByMatchesThenPriceThenItemId() {
		Item twoMatchesCheap = item("two-cheap", 2000, 5, "lamp", "desk");
		Item twoMatchesDear = item("two-dear", 3000, 5, "desk", "LAMP", "red");
		Item oneMatch = item("one", 1000, 5, "lamp");
		Item sameAsOneButLater = item("one-later", 1000, 5, "Lamp");
		item("none", 500, 5, "chair");

		assertThat(names(search(List.of("LAMP", "desk"), 0, 0))).containsExactly(twoMatchesCheap.getName(),
				twoMatchesDear.getName(), oneMatch.getName(), sameAsOneButLater.getName());
	}

	@Test
	void foundItemsComeWithEveryFieldAndTheirKeywordsInOrder() {
		Item lamp = item("lamp", 2000, 3, "red", "Lamp", "desk");
		Item plain = item("plain", 1000, 2);

		assertThat(search(List.of("lamp"), 0, 0)).containsExactly(lamp);
		assertThat(search(List.of(), 0, 0)).containsExactly(lamp, plain);
	}

	@Test
	void searchSkipsItemsWithNoUnitsAndOtherCategories() {
		item("in-stock", 1000, 1, "lamp");
		item("sold-out", 1000, 0, "lamp");
		register(lamp().setName("elsewhere").setCategory(this.category + 1).build());

		assertThat(names(search(List.of("lamp"), 0, 0))).containsExactly("in-stock");
	}

	@Test
	void searchWithoutKeywordsListsTheCategoryInStockByItemId() {
		Item first = item("first", 3000, 1, "chair");
		Item second = item("second", 1000, 1);
		item("sold-out", 1000, 0, "chair");

		assertThat(search(List.of(), 0, 0)).extracting(Item::getItemId)
			.containsExactly(first.getItemId(), second.getItemId());
	}

	@Test
	void resultsArePagedWithLimitAndOffset() {
		for (int price = 1; price <= 5; price++) {
			item("p" + price, price * 100, 1, "lamp");
		}

		assertThat(names(search(List.of("lamp"), 2, 1))).containsExactly("p2", "p3");
		assertThat(names(search(List.of("lamp"), 2, 4))).containsExactly("p5");
	}

	@Test
	void aPriceChangeMovesTheItemInTheRanking() {
		Item dear = item("dear", 3000, 1, "lamp");
		item("cheap", 2000, 1, "lamp");

		this.items.changePrice(ChangePriceRequest.newBuilder()
			.setSellerId(dear.getSellerId())
			.setItemId(dear.getItemId())
			.setPriceCents(1000)
			.build());

		assertThat(names(search(List.of("lamp"), 0, 0))).containsExactly("dear", "cheap");
	}

	@Test
	void manySoldOutItemsRankedFirstDoNotHideTheItemsInStock() {
		for (int i = 0; i < 60; i++) {
			item("sold-out", 100, 0, "lamp", "desk");
		}
		item("in-stock-a", 900, 1, "lamp");
		item("in-stock-b", 1000, 1, "lamp");

		assertThat(names(search(List.of("lamp", "desk"), 20, 0))).containsExactly("in-stock-a", "in-stock-b");
		assertThat(names(search(List.of("lamp", "desk"), 1, 1))).containsExactly("in-stock-b");
	}

	@Test
	void moreThanFiveKeywordsIsInvalidArgument() {
		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED,
				() -> search(List.of("a", "b", "c", "d", "e", "f"), 0, 0));
	}

	@Test
	void aKeywordWithAControlCharacterIsInvalidArgument() {
		item("both", 1000, 1, "desk", "lamp");

		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED,
				() -> search(List.of("desk" + NewItem.KEYWORD_SEPARATOR + "lamp"), 0, 0));
	}

	@Test
	void limitAboveOneHundredIsInvalidArgument() {
		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED,
				() -> search(List.of("lamp"), 101, 0));
	}

	@Test
	void anItemMatchingMoreKeywordsRanksFirstWhateverItsPrice() {
		item("one-cheap", 100, 1, "rug");
		item("three-dear", 9000, 1, "lamp", "desk", "rug");
		item("two-middle", 500, 1, "desk", "lamp");
		item("two-cheap", 400, 1, "rug", "desk");

		assertThat(names(search(List.of("rug", "lamp", "desk"), 0, 0))).containsExactly("three-dear", "two-cheap",
				"two-middle", "one-cheap");
		assertThat(names(search(List.of("rug", "lamp", "desk"), 2, 1))).containsExactly("two-cheap", "two-middle");
	}

	@Test
	void keywordsWithQuotesBackslashesAndAccentsAreFoundAsWritten() {
		Item item = item("quoted", 1000, 1, "\"hi\"", "a\\b", "Café");

		assertThat(search(List.of("\"HI\""), 0, 0)).containsExactly(item);
		assertThat(search(List.of("a\\b"), 0, 0)).containsExactly(item);
		assertThat(search(List.of("CAFÉ", "nothing"), 0, 0)).containsExactly(item);
		assertThat(item.getKeywordsList()).containsExactly("\"hi\"", "a\\b", "Café");
	}

	@Test
	void searchInACategoryOf100000ItemsReadsAPageOfKeywordSetRowsThroughTheIndex() {
		bulkInsertItemsWithKeywords(17, "bulk", "desk");
		Item lamp = item("the-lamp", 900, 1, "lamp", "bulk");

		assertThat(names(search(List.of("lamp"), 0, 0))).containsExactly("the-lamp");
		assertThat(search(List.of("lamp", "bulk"), 3, 0).get(0).getItemId()).isEqualTo(lamp.getItemId());
		assertThat(search(List.of(), 100, 0)).hasSize(100);

		// 131,073 items match "bulk": a page reads about a page of rows for each of the three sets
		// (bulk, lamp, bulk+lamp) and one item row for each of those, not every match.
		assertThat(rowsReadBy(() -> search(List.of("lamp", "bulk"), 20, 0))).isLessThan(500);
		// Nor when every set searched matches nearly the whole category, and so nearly every item
		// in the table: the join then still starts from the ranking index, not from items.
		assertThat(rowsReadBy(() -> search(List.of("desk", "bulk"), 20, 0))).isLessThan(500);
	}

	/** Rows the database server read (through an index or scanning a table) while the search ran. */
	long rowsReadBy(Runnable search) {
		long before = rowsReadByServer();
		search.run();
		return rowsReadByServer() - before;
	}

	long rowsReadByServer() {
		return this.jdbc.sql("SHOW GLOBAL STATUS WHERE Variable_name LIKE 'Handler_read%'")
			.query((row, number) -> row.getLong(2))
			.list()
			.stream()
			.mapToLong(Long::longValue)
			.sum();
	}

	/** 2^doublings items of this test's category, each with these lower-case keywords. */
	void bulkInsertItemsWithKeywords(int doublings, String... keywords) {
		this.jdbc.sql("""
				INSERT INTO items (category, name, item_condition, price, quantity, seller_id, created_at)
				VALUES (?, 'bulk', 'NEW', 5.00, 1, 99, NOW(6))""").params(this.category).update();
		for (int i = 0; i < doublings; i++) {
			this.jdbc.sql("""
					INSERT INTO items (category, name, item_condition, price, quantity, seller_id, created_at)
					SELECT category, name, item_condition, price, quantity, seller_id, created_at
					FROM items WHERE category = ?""").params(this.category).update();
		}
		this.jdbc.sql("UPDATE items SET keywords = ? WHERE category = ?")
			.params(String.join(NewItem.KEYWORD_SEPARATOR, keywords), this.category)
			.update();
		for (String set : KeywordSets.of(List.of(keywords))) {
			this.jdbc.sql("""
					INSERT INTO item_keyword_sets (item_id, keyword_set, category, price)
					SELECT id, ?, category, price FROM items WHERE category = ?""")
				.params(set, this.category)
				.update();
		}
		this.jdbc.sql("ANALYZE TABLE items, item_keyword_sets").query().listOfRows();
	}

	Item item(String name, long priceCents, int quantity, String... keywords) {
		return register(lamp().setName(name)
			.setCategory(this.category)
			.clearKeywords()
			.addAllKeywords(List.of(keywords))
			.setPriceCents(priceCents)
			.setQuantity(quantity)
			.build());
	}

	List<Item> search(List<String> keywords, int limit, int offset) {
		return this.items.searchItems(SearchItemsRequest.newBuilder()
			.setCategory(this.category)
			.addAllKeywords(keywords)
			.setLimit(limit)
			.setOffset(offset)
			.build()).getItemsList();
	}

	static List<String> names(List<Item> items) {
		return items.stream().map(Item::getName).toList();
	}

}
