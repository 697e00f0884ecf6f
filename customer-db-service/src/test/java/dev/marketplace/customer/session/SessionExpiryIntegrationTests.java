package dev.marketplace.customer.session;

import java.time.Duration;
import java.util.UUID;

import dev.marketplace.customer.CustomerDbTestChannel;
import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.Role;
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
import static org.awaitility.Awaitility.await;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
		"spring.grpc.server.port=0", "marketplace.passwords.strength=4", "marketplace.sessions.idle-timeout=2s" })
class SessionExpiryIntegrationTests {

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabaseServer.shared().registerDataSource(registry, "customer");
	}

	@Autowired
	GrpcServerLifecycle server;

	@Test
	void idleSessionEndsAfterTheTimeoutAndNeverWorksAgain() {
		try (CustomerDbTestChannel grpc = new CustomerDbTestChannel(this.server.getPort())) {
			String username = "u" + UUID.randomUUID().toString().substring(0, 8);
			grpc.createAccount(Role.BUYER, username, "password-1");
			AuthenticateRequest request = AuthenticateRequest.newBuilder()
				.setRole(Role.BUYER)
				.setSessionToken(grpc.login(Role.BUYER, username, "password-1").getSessionToken())
				.build();
			assertThat(grpc.sessions.authenticate(request).getUserId()).isPositive();

			await().pollDelay(Duration.ofSeconds(2))
				.atMost(Duration.ofSeconds(15))
				.until(() -> fails(() -> grpc.sessions.authenticate(request)));

			StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
					() -> grpc.sessions.authenticate(request));
			assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
		}
	}

	static boolean fails(Runnable call) {
		try {
			call.run();
			return false;
		}
		catch (StatusRuntimeException ex) {
			return ex.getStatus().getCode() == Status.Code.UNAUTHENTICATED;
		}
	}

}
