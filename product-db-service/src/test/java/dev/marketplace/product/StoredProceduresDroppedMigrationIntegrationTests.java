package dev.marketplace.product;

import dev.marketplace.testsupport.TestDatabaseServer;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A database that ran the two removed migrations, which created stored procedures, migrates on:
 * their absence is no validation failure, and V10 drops the procedures they left. One that ran any
 * other migration this build lacks is refused ({@link RemovedMigrations}).
 */
class StoredProceduresDroppedMigrationIntegrationTests {

	@Test
	void aDatabaseWithTheRemovedProceduresMigratesAndLosesThem() {
		TestDatabaseServer server = TestDatabaseServer.shared();
		DriverManagerDataSource dataSource = new DriverManagerDataSource(server.createDatabase("product_v10"),
				server.username(), server.password());
		Flyway.configure().dataSource(dataSource).target("7").load().migrate();
		JdbcClient jdbc = JdbcClient.create(dataSource);
		ranRemovedMigration(jdbc, 8, "register item procedure", "register_item");
		ranRemovedMigration(jdbc, 9, "price and units changes read back", "change_item_price");

		RemovedMigrations.migrate(Flyway.configure().dataSource(dataSource).ignoreMigrationPatterns("*:missing").load());

		assertThat(jdbc.sql("SELECT COUNT(*) FROM information_schema.routines WHERE routine_schema = DATABASE()")
			.query(Long.class)
			.single()).isZero();
	}

	@Test
	void aDatabaseThatRanAnotherMigrationThisBuildLacksIsRefused() {
		TestDatabaseServer server = TestDatabaseServer.shared();
		DriverManagerDataSource dataSource = new DriverManagerDataSource(server.createDatabase("product_v99"),
				server.username(), server.password());
		Flyway flyway = Flyway.configure().dataSource(dataSource).ignoreMigrationPatterns("*:missing").load();
		flyway.migrate();
		JdbcClient jdbc = JdbcClient.create(dataSource);
		jdbc.sql("""
				INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum,
				                                   installed_by, execution_time, success)
				VALUES (99, '11.5', 'from another branch', 'SQL', 'V11_5__from_another_branch.sql', 0, CURRENT_USER(), 1, TRUE)""")
			.update();

		assertThatIllegalStateException().isThrownBy(() -> RemovedMigrations.migrate(flyway))
			.withMessageContaining("[11.5]");
	}

	private static void ranRemovedMigration(JdbcClient jdbc, int version, String description, String procedure) {
		jdbc.sql("CREATE PROCEDURE " + procedure + "() SELECT 1").update();
		jdbc.sql("""
				INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum,
				                                   installed_by, execution_time, success)
				VALUES (?, ?, ?, 'SQL', ?, 0, CURRENT_USER(), 1, TRUE)""")
			.params(version, String.valueOf(version), description,
					"V" + version + "__" + description.replace(' ', '_') + ".sql")
			.update();
	}

}
