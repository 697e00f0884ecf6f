package dev.marketplace.grpc;

import java.sql.Connection;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.marketplace.testsupport.DatabaseLink;
import dev.marketplace.testsupport.TestDatabaseServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A pool whose real database is cut off, through a {@link DatabaseLink}, for longer than the pool
 * waits for a connection (a quarter of a second here), then reachable again.
 */
class UnreachableDatabaseFailsFastIntegrationTests {

	@Test
	void onceThePoolHasReconnectedCallersOfThePoolJustEmptiedAgainWaitForItsNextConnection() throws Exception {
		TestDatabaseServer server = TestDatabaseServer.shared();
		try (DatabaseLink link = new DatabaseLink();
				HikariDataSource pool = waitingAQuarterOfASecond(link.route(server.createDatabase("guard")), server)) {
			DataSource dataSource = UnreachableDatabaseFailsFast.around(pool);
			assertThatExceptionOfType(SQLTransientConnectionException.class).isThrownBy(dataSource::getConnection)
				.withMessageContaining("No connection to the database");

			link.mend();
			await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> isValid(dataSource));
			// As when each pooled connection is found dropped by the database: all closed at once.
			pool.getHikariPoolMXBean().softEvictConnections();

			assertThat(isValid(dataSource)).isTrue();
		}
	}

	private static boolean isValid(DataSource dataSource) throws Exception {
		try (Connection connection = dataSource.getConnection()) {
			return connection.isValid(1);
		}
	}

	/** A started pool keeping one idle connection, which may not be open yet. */
	private static HikariDataSource waitingAQuarterOfASecond(String jdbcUrl, TestDatabaseServer server) {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(jdbcUrl);
		config.setUsername(server.username());
		config.setPassword(server.password());
		config.setMinimumIdle(1);
		config.setMaximumPoolSize(2);
		config.setConnectionTimeout(250);
		config.setInitializationFailTimeout(-1);
		return new HikariDataSource(config);
	}

}
