package dev.marketplace.customer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.testsupport.TestCertificates;
import dev.marketplace.testsupport.TestDatabaseServer;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.grpc.server.lifecycle.GrpcServerLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The customer database service on a real port and a real database, with a channel to it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.grpc.server.port=0", "marketplace.passwords.strength=4" })
public abstract class CustomerDbIntegrationTest {

	public static final String PASSWORD = "correct-horse";

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabaseServer.shared().registerDataSource(registry, "customer");
		TestCertificates.shared().register(registry, "customer-db-service");
	}

	@Autowired
	GrpcServerLifecycle server;

	@Autowired
	protected JdbcClient jdbc;

	@Value("${spring.datasource.url}")
	String databaseUrl;

	protected CustomerDbTestChannel grpc;

	@BeforeEach
	void connect() {
		this.grpc = new CustomerDbTestChannel(this.server.getPort());
	}

	@AfterEach
	void disconnect() {
		this.grpc.close();
	}

	/** Moves the session's recorded activity back, as if it had been idle that long. */
	protected void idleFor(long sessionId, Duration idle) {
		this.jdbc.sql("UPDATE sessions SET last_seen_at = last_seen_at - INTERVAL ? MICROSECOND WHERE id = ?")
			.params(idle.toNanos() / 1000, sessionId)
			.update();
	}

	protected LocalDateTime lastSeenAt(long sessionId) {
		return this.jdbc.sql("SELECT last_seen_at FROM sessions WHERE id = ?")
			.param(sessionId)
			.query(LocalDateTime.class)
			.single();
	}

	/**
	 * Leaves the pool's connections unused for longer than HikariCP hands one out again without
	 * checking that it is alive (its {@code aliveBypassWindowMs}, 500 ms), as connections of a pool
	 * in steady use are, all but the ones used just now.
	 */
	protected static void idlePastThePoolsLivenessBypass() throws InterruptedException {
		Thread.sleep(600);
	}

	/** From a connection of its own, as an administrator or a restarting server would. */
	protected void killEveryPooledConnection() throws SQLException {
		TestDatabaseServer server = TestDatabaseServer.shared();
		try (Connection admin = DriverManager.getConnection(this.databaseUrl, server.username(), server.password());
				Statement statement = admin.createStatement()) {
			List<Long> pooled = new ArrayList<>();
			try (ResultSet rows = statement.executeQuery(
					"SELECT id FROM information_schema.processlist WHERE db = DATABASE() AND id <> CONNECTION_ID()")) {
				while (rows.next()) {
					pooled.add(rows.getLong(1));
				}
			}
			assertThat(pooled).isNotEmpty();
			for (long connection : pooled) {
				statement.execute("KILL CONNECTION " + connection);
			}
		}
	}

	protected static String unique() {
		return "u" + UUID.randomUUID().toString().substring(0, 8);
	}

	protected static void assertFailsWith(Status.Code status, ErrorCode code, Runnable call) {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class, call::run);
		assertThat(failure).as("the call should fail").isNotNull();
		assertThat(failure.getStatus().getCode()).isEqualTo(status);
		assertThat(MarketplaceException.errorCodeOf(failure)).contains(code);
	}

}
