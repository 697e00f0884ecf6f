package dev.marketplace.product.stock;

import java.util.UUID;

import dev.marketplace.testsupport.TestDatabaseServer;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reservations made under V6 through every later migration: V7 marked the confirmed ones RECORDED
 * (its buyer-service recorded them later from the stock), V11 makes them CONFIRMED again now that
 * the customer database's checkouts know which purchases are recorded, and V12 drops the buyer and
 * confirmation time V7 added for that.
 */
class ConfirmedReservationsMigrationIntegrationTests {

	@Test
	void reservationsConfirmedBeforeTheMigrationsStayConfirmedAndTheOthersKeepTheirState() {
		TestDatabaseServer server = TestDatabaseServer.shared();
		DriverManagerDataSource dataSource = new DriverManagerDataSource(server.createDatabase("product_v7"),
				server.username(), server.password());
		Flyway.configure().dataSource(dataSource).target("6").load().migrate();
		JdbcClient jdbc = JdbcClient.create(dataSource);
		String confirmed = reservedUnderV6(jdbc, "CONFIRMED");
		String held = reservedUnderV6(jdbc, "RESERVED");
		String released = reservedUnderV6(jdbc, "RELEASED");

		Flyway.configure().dataSource(dataSource).target("7").load().migrate();
		assertThat(stateOf(jdbc, confirmed)).isEqualTo("RECORDED");

		Flyway.configure().dataSource(dataSource).load().migrate();

		assertThat(stateOf(jdbc, confirmed)).isEqualTo("CONFIRMED");
		assertThat(stateOf(jdbc, held)).isEqualTo("RESERVED");
		assertThat(stateOf(jdbc, released)).isEqualTo("RELEASED");
		assertThat(jdbc.sql("SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() "
				+ "AND table_name = 'stock_reservations' AND column_name IN ('buyer_id', 'confirmed_at')")
			.query(Long.class)
			.single()).as("V12 dropped the columns V7 added").isZero();
	}

	private static String reservedUnderV6(JdbcClient jdbc, String state) {
		String id = UUID.randomUUID().toString();
		jdbc.sql("INSERT INTO stock_reservations (id, state, created_at, expires_at) VALUES (?, ?, NOW(6), NOW(6))")
			.params(id, state)
			.update();
		return id;
	}

	private static String stateOf(JdbcClient jdbc, String id) {
		return jdbc.sql("SELECT state FROM stock_reservations WHERE id = ?").param(id).query(String.class).single();
	}

}
