package dev.marketplace.product;

import javax.sql.DataSource;

import dev.marketplace.testsupport.StatementPreparations;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

class DatabaseConnectionIntegrationTests extends ProductDbIntegrationTest {

	@Autowired
	DataSource dataSource;

	@Test
	void aRepeatedStatementIsPreparedOnTheServerOnceAndExecutedThere() throws Exception {
		assertThat(StatementPreparations.ofARepeatedStatement(this.dataSource))
			.isEqualTo(new StatementPreparations(1, 2));
	}

}
