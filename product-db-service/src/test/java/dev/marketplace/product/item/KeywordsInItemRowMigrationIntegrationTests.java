package dev.marketplace.product.item;

import dev.marketplace.testsupport.TestDatabaseServer;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The migration that moves keywords into the item's row (V6), on a database listed under V5. */
class KeywordsInItemRowMigrationIntegrationTests {

	@Test
	void itemsListedBeforeTheMigrationKeepTheirKeywordsAsWrittenAndInOrder() {
		TestDatabaseServer server = TestDatabaseServer.shared();
		DriverManagerDataSource dataSource = new DriverManagerDataSource(server.createDatabase("product_v6"),
				server.username(), server.password());
		Flyway.configure().dataSource(dataSource).target("5").load().migrate();
		JdbcClient jdbc = JdbcClient.create(dataSource);
		long withKeywords = listUnderV5(jdbc, "Desk", "lamp", "LED");
		long withoutKeywords = listUnderV5(jdbc);

		Flyway.configure().dataSource(dataSource).load().migrate();

		assertThat(keywordsOf(jdbc, withKeywords)).isEqualTo(String.join(NewItem.KEYWORD_SEPARATOR, "Desk", "lamp", "LED"));
		assertThat(keywordsOf(jdbc, withoutKeywords)).isEmpty();
	}

	private static long listUnderV5(JdbcClient jdbc, String... keywords) {
		jdbc.sql("""
				INSERT INTO items (category, name, item_condition, price, quantity, seller_id, created_at)
				VALUES (3, 'lamp', 'USED', 12.50, 4, 7, NOW(6))""").update();
		long id = jdbc.sql("SELECT MAX(id) FROM items").query(Long.class).single();
		// Written in reverse, so that only the position column gives the seller's order.
		for (int position = keywords.length - 1; position >= 0; position--) {
			jdbc.sql("INSERT INTO item_keywords (item_id, position, keyword, keyword_key) VALUES (?, ?, ?, ?)")
				.params(id, position, keywords[position], NewItem.keywordKey(keywords[position]))
				.update();
		}
		return id;
	}

	private static String keywordsOf(JdbcClient jdbc, long id) {
		return jdbc.sql("SELECT keywords FROM items WHERE id = ?").param(id).query(String.class).single();
	}

}
