package dev.marketplace.testsupport;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import javax.sql.DataSource;

/**
 * What the server counted when one pooled connection ran the same parameterised statement twice:
 * statements prepared on the server and executions of prepared statements. A driver that sends
 * statements as text counts (0, 0); one that prepares on the server and keeps the statement
 * counts (1, 2).
 */
public record StatementPreparations(long prepared, long executed) {

	public static StatementPreparations ofARepeatedStatement(DataSource dataSource) throws SQLException {
		// A statement no connection has run before, so no driver cache holds it yet.
		String sql = "SELECT ? AS probe_" + UUID.randomUUID().toString().replace("-", "");
		try (Connection connection = dataSource.getConnection()) {
			StatementPreparations before = countedBy(connection);
			for (int run = 0; run < 2; run++) {
				try (PreparedStatement statement = connection.prepareStatement(sql)) {
					statement.setInt(1, run);
					try (ResultSet result = statement.executeQuery()) {
						result.next();
					}
				}
			}
			StatementPreparations after = countedBy(connection);
			return new StatementPreparations(after.prepared - before.prepared, after.executed - before.executed);
		}
	}

	private static StatementPreparations countedBy(Connection connection) throws SQLException {
		long prepared = 0;
		long executed = 0;
		try (Statement statement = connection.createStatement();
				ResultSet status = statement.executeQuery(
						"SHOW SESSION STATUS WHERE Variable_name IN ('Com_stmt_prepare', 'Com_stmt_execute')")) {
			while (status.next()) {
				long value = status.getLong(2);
				if (status.getString(1).equalsIgnoreCase("Com_stmt_prepare")) {
					prepared = value;
				}
				else {
					executed = value;
				}
			}
		}
		return new StatementPreparations(prepared, executed);
	}

}
