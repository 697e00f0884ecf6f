package dev.marketplace.grpc;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.SQLTransientConnectionException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A database service's connection pool that has lost its database, here a real MariaDB driver
 * refused by a port nobody listens on. A caller that found the pool empty waits for a connection
 * up to the pool's connection timeout, a quarter of a second here, and is then answered by this
 * class's exception, not by the pool's own (which would say it "timed out").
 */
class UnreachableDatabaseFailsFastTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(MarketplaceGrpcServerAutoConfiguration.class));

	@Test
	void aPoolWithoutAnyConnectionAnswersAtOnceWithAConnectionException() throws IOException {
		try (HikariDataSource pool = unreachable(1)) {
			DataSource dataSource = UnreachableDatabaseFailsFast.around(pool);

			assertThatExceptionOfType(SQLTransientConnectionException.class).isThrownBy(dataSource::getConnection)
				.withMessageContaining("No connection to the database")
				.satisfies((failure) -> assertThat(failure.getSQLState()).isEqualTo("08001"));
		}
	}

	@Test
	void callersAfterTheWaitAreAnsweredTheSame() throws IOException {
		try (HikariDataSource pool = unreachable(1)) {
			DataSource dataSource = UnreachableDatabaseFailsFast.around(pool);
			assertThatExceptionOfType(SQLTransientConnectionException.class).isThrownBy(dataSource::getConnection);

			assertThatExceptionOfType(SQLTransientConnectionException.class).isThrownBy(dataSource::getConnection)
				.withMessageContaining("No connection to the database");
		}
	}

	@Test
	void thatConnectionExceptionIsAnsweredUnavailable() throws IOException {
		try (HikariDataSource pool = unreachable(1)) {
			DataSource dataSource = UnreachableDatabaseFailsFast.around(pool);

			assertThatExceptionOfType(SQLTransientConnectionException.class).isThrownBy(dataSource::getConnection)
				.satisfies((failure) -> assertThat(MarketplaceGrpcServerAutoConfiguration.isTransientDatabaseFailure(failure))
					.isTrue());
		}
	}

	@Test
	void aPoolThatKeepsNoIdleConnectionsIsLeftAsItIs() throws IOException {
		// It opens connections only for callers waiting for one, so it is empty whenever idle.
		try (HikariDataSource pool = unreachable(0)) {
			assertThat(UnreachableDatabaseFailsFast.around(pool)).isSameAs(pool);
		}
	}

	@Test
	void theApplicationsPoolIsWrappedAndClosedWithTheContext() throws IOException {
		HikariDataSource pool = unreachable(1);
		this.contextRunner.withBean(HikariDataSource.class, () -> pool).run((context) -> {
			assertThat(context.getBean(DataSource.class)).isInstanceOf(UnreachableDatabaseFailsFast.class);
			assertThat(pool.isClosed()).isFalse();
		});
		assertThat(pool.isClosed()).isTrue();
	}

	/** A started pool whose database refuses every connection, and which waits 250 ms for one. */
	private static HikariDataSource unreachable(int minimumIdle) throws IOException {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl("jdbc:mariadb://127.0.0.1:" + portNobodyListensOn() + "/marketplace");
		config.setMinimumIdle(minimumIdle);
		config.setMaximumPoolSize(2);
		config.setConnectionTimeout(250);
		// Starts without a first connection instead of failing.
		config.setInitializationFailTimeout(-1);
		return new HikariDataSource(config);
	}

	private static int portNobodyListensOn() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
