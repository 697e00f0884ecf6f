package dev.marketplace.grpc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;

import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * A connection pool that answers at once, with a connection exception (SQLSTATE 08001, which a
 * database service answers UNAVAILABLE), while it holds no connection at all and could not open
 * one within its connection timeout: the database is down or unreachable. Without this, each call
 * waits out the pool's whole connection timeout, most of them on a Netty event loop and every call
 * behind them on that connection too, and the frontends answered 503 only when their own deadline
 * (3 s) ran out, call after call, until enough of them had failed to open their circuit. The pool
 * keeps trying to open connections on its own meanwhile (it keeps at least its minimum idle), and
 * the first one it opens ends this.
 * <p>
 * An empty pool is not yet an unreachable database: one that has just closed every connection it
 * had, each found dropped by the database (restarted, or its connections killed), opens new ones at
 * once. So the callers that find it empty wait for a connection, until one connection timeout has
 * passed since the first of them did; only then are callers answered at once.
 * <p>
 * Only for a pool that keeps a minimum of idle connections: one that keeps none opens a connection
 * only for a caller that waits for it, so an empty pool is its normal state when idle.
 */
final class UnreachableDatabaseFailsFast extends DelegatingDataSource implements AutoCloseable {

	private static final long NOT_EMPTY = Long.MIN_VALUE;

	private static final long REFILL_CHECK_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

	private final HikariDataSource pool;

	/** When a caller first found the pool without any connection, or NOT_EMPTY. */
	private final AtomicLong emptySince = new AtomicLong(NOT_EMPTY);

	private UnreachableDatabaseFailsFast(HikariDataSource pool) {
		super(pool);
		this.pool = pool;
	}

	/** The pool itself where it keeps no minimum of idle connections. */
	static DataSource around(HikariDataSource pool) {
		return (pool.getMinimumIdle() > 0) ? new UnreachableDatabaseFailsFast(pool) : pool;
	}

	@Override
	public Connection getConnection() throws SQLException {
		failIfUnreachable();
		return super.getConnection();
	}

	@Override
	public Connection getConnection(String username, String password) throws SQLException {
		failIfUnreachable();
		return super.getConnection(username, password);
	}

	private void failIfUnreachable() throws SQLTransientConnectionException {
		// Null until the pool has started, which it does with a first connection or not at all.
		HikariPoolMXBean connections = this.pool.getHikariPoolMXBean();
		if (connections == null) {
			return;
		}
		if (connections.getTotalConnections() > 0) {
			// The pool reconnected, whether or not a caller saw it while waiting: the next time it
			// is empty, its callers wait for a connection again.
			if (this.emptySince.get() != NOT_EMPTY) {
				this.emptySince.set(NOT_EMPTY);
			}
			return;
		}
		long now = System.nanoTime();
		long firstFoundEmpty = this.emptySince.compareAndExchange(NOT_EMPTY, now);
		long waitUntil = ((firstFoundEmpty != NOT_EMPTY) ? firstFoundEmpty : now)
				+ TimeUnit.MILLISECONDS.toNanos(this.pool.getConnectionTimeout());
		while (connections.getTotalConnections() == 0) {
			if (System.nanoTime() - waitUntil >= 0 || Thread.currentThread().isInterrupted()) {
				throw new SQLTransientConnectionException(
						"No connection to the database: it is down or unreachable, and the pool is reconnecting",
						"08001");
			}
			LockSupport.parkNanos(REFILL_CHECK_INTERVAL_NANOS);
		}
	}

	/** Closes the pool, when the application context closes. */
	@Override
	public void close() {
		this.pool.close();
	}

}
