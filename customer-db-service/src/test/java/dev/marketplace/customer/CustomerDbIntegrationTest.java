package dev.marketplace.customer;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.UUID;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.testsupport.TestDatabaseServer;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.beans.factory.annotation.Autowired;
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
	}

	@Autowired
	GrpcServerLifecycle server;

	@Autowired
	protected JdbcClient jdbc;

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
