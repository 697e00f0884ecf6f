package dev.marketplace.customer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;

import javax.sql.DataSource;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.awaitility.Awaitility.await;

/**
 * A transaction of a test's own that takes locks in the order a concurrent statement (a sweep)
 * would, to make the deadlocks that statement meets on the real database. Rolled back on close.
 */
public final class LockingTransaction implements AutoCloseable {

	private final Connection connection;

	/**
	 * Opens the transaction with 20 rows written in it (attempt buckets, which no other row
	 * depends on; rolled back with it): the database rolls back the lighter side of a deadlock,
	 * and by its weight (rows written, locks held) this is never the one.
	 */
	public LockingTransaction(DataSource dataSource) throws SQLException {
		this.connection = dataSource.getConnection();
		this.connection.setAutoCommit(false);
		for (int i = 0; i < 20; i++) {
			execute("INSERT INTO attempt_limits (id) VALUES (?)", UUID.randomUUID().toString());
		}
	}

	/** Runs a statement with one parameter; its locks are held until the transaction ends. */
	public void execute(String sql, Object parameter) throws SQLException {
		try (PreparedStatement statement = this.connection.prepareStatement(sql)) {
			statement.setObject(1, parameter);
			statement.execute();
		}
	}

	/** Waits until another connection runs a statement starting so, which then waits for a lock. */
	public static void awaitStatementWaiting(JdbcClient jdbc, String statementStart) {
		await().atMost(Duration.ofSeconds(10)).until(() -> statementsRunning(jdbc, statementStart) > 0);
	}

	/** How many connections are running a statement starting so, waiting for a lock or not. */
	public static long statementsRunning(JdbcClient jdbc, String statementStart) {
		return jdbc.sql("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE ?")
			.param(statementStart + "%")
			.query(Long.class)
			.single();
	}

	/** Ends the transaction, releasing its locks; closing again does nothing. */
	@Override
	public void close() throws SQLException {
		if (this.connection.isClosed()) {
			return;
		}
		try {
			this.connection.rollback();
		}
		finally {
			this.connection.close();
		}
	}

}
