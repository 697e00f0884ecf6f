package dev.marketplace.customer;

import java.sql.Connection;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import dev.marketplace.testsupport.StatementPreparations;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

class DatabaseConnectionIntegrationTests extends CustomerDbIntegrationTest {

	@Autowired
	DataSource dataSource;

	@Test
	void aCallerThatFindsThePoolJustEmptiedOfItsConnectionsGetsTheNextOneItOpens() throws Exception {
		// As when each pooled connection is found dropped by the database: all closed at once.
		this.dataSource.unwrap(HikariDataSource.class).getHikariPoolMXBean().softEvictConnections();

		try (Connection connection = this.dataSource.getConnection()) {
			assertThat(connection.isValid(1)).isTrue();
		}
	}

	@Test
	void aRepeatedStatementIsPreparedOnTheServerOnceAndExecutedThere() throws Exception {
		assertThat(StatementPreparations.ofARepeatedStatement(this.dataSource))
			.isEqualTo(new StatementPreparations(1, 2));
	}

}
