package dev.marketplace.customer.session;

import java.util.UUID;

import dev.marketplace.customer.CustomerDbTestChannel;
import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.testsupport.TestCertificates;
import dev.marketplace.testsupport.TestDatabaseServer;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.grpc.server.lifecycle.GrpcServerLifecycle;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
		"spring.grpc.server.port=0", "marketplace.passwords.strength=4",
		"marketplace.sessions.idle-timeout=" + SessionExpiryIntegrationTests.IDLE_TIMEOUT_MS + "ms",
		"marketplace.sessions.activity-resolution=" + SessionExpiryIntegrationTests.ACTIVITY_RESOLUTION_MS + "ms" })
class SessionExpiryIntegrationTests {

	static final long IDLE_TIMEOUT_MS = 2000;

	static final long ACTIVITY_RESOLUTION_MS = 100;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabaseServer.shared().registerDataSource(registry, "customer");
		TestCertificates.shared().register(registry, "customer-db-service");
	}

	@Autowired
	GrpcServerLifecycle server;

	@Test
	void idleSessionEndsAfterTheTimeoutAndNeverWorksAgain() throws InterruptedException {
		try (CustomerDbTestChannel grpc = new CustomerDbTestChannel(this.server.getPort())) {
			String username = "u" + UUID.randomUUID().toString().substring(0, 8);
			grpc.createAccount(Role.BUYER, username, "password-1");
			AuthenticateRequest request = AuthenticateRequest.newBuilder()
				.setRole(Role.BUYER)
				.setSessionToken(grpc.login(Role.BUYER, username, "password-1").getSessionToken())
				.build();
			assertThat(grpc.sessions.authenticate(request).getUserId()).isPositive();

			// Waits out the longest a session may outlive its last request (the timeout plus the
			// resolution) instead of polling: each check is a request, and one made before the
			// session's end would keep it alive.
			Thread.sleep(IDLE_TIMEOUT_MS + ACTIVITY_RESOLUTION_MS);

			assertUnauthenticated(() -> grpc.sessions.authenticate(request));
			assertUnauthenticated(() -> grpc.sessions.authenticate(request));
		}
	}

	private static void assertUnauthenticated(Runnable call) {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class, call::run);
		assertThat(failure).isNotNull();
		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
	}

}
