package dev.marketplace.frontend.grpc;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.grpc.ClientInterceptors;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Over a real HTTP/2 connection on localhost, with a circuit breaker set up as the frontends' are
 * (the last 20 calls, at least 5, half of them failed).
 */
class ResilienceInterceptorTests {

	private final CircuitBreaker circuitBreaker = CircuitBreaker.of("customer-db",
			CircuitBreakerConfig.custom().slidingWindowSize(20).minimumNumberOfCalls(5).failureRateThreshold(50).build());

	private Server server;

	private ManagedChannel channel;

	private SessionServiceGrpc.SessionServiceBlockingStub sessions;

	@BeforeEach
	void start() throws IOException {
		this.server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
			.addService(new SessionServiceGrpc.SessionServiceImplBase() {

				/** Fails as the token says: with the status of that name. */
				@Override
				public void authenticate(AuthenticateRequest request, StreamObserver<AuthenticateResponse> answer) {
					answer.onError(Status.Code.valueOf(request.getSessionToken()).toStatus().asRuntimeException());
				}

			})
			.build()
			.start();
		this.channel = ManagedChannelBuilder.forAddress("127.0.0.1", this.server.getPort()).usePlaintext().build();
		this.sessions = SessionServiceGrpc.newBlockingStub(ClientInterceptors.intercept(this.channel,
				new ResilienceInterceptor(this.circuitBreaker, Bulkhead.ofDefaults("customer-db"))));
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		this.server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aServiceThatIsUnavailableOpensTheCircuit() {
		callFailingWith(Status.Code.UNAVAILABLE, 20);

		assertThat(this.circuitBreaker.getState()).isEqualTo(CircuitBreaker.State.OPEN);
	}

	@Test
	void aServicesUnexpectedFailureOrAnAnswerDoesNotOpenTheCircuit() {
		callFailingWith(Status.Code.UNKNOWN, 20);
		callFailingWith(Status.Code.NOT_FOUND, 20);

		assertThat(this.circuitBreaker.getState()).isEqualTo(CircuitBreaker.State.CLOSED);
	}

	@Test
	void aBackgroundTasksFailuresDoNotOpenTheCircuit() {
		callFailingWith(DatabaseClients.forBackgroundTasks(this.sessions), Status.Code.UNAVAILABLE, 20);

		assertThat(this.circuitBreaker.getState()).isEqualTo(CircuitBreaker.State.CLOSED);
		assertThat(this.circuitBreaker.getMetrics().getNumberOfBufferedCalls()).isZero();
	}

	@Test
	void aBackgroundTasksCallIsRefusedWhileTheCircuitIsOpen() {
		callFailingWith(Status.Code.UNAVAILABLE, 20);

		StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
				() -> DatabaseClients.forBackgroundTasks(this.sessions)
					.authenticate(AuthenticateRequest.newBuilder().setSessionToken("NOT_FOUND").build()));

		assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
		assertThat(refused.getStatus().getDescription()).isEqualTo("Circuit breaker for customer-db is open");
	}

	private void callFailingWith(Status.Code code, int times) {
		callFailingWith(this.sessions, code, times);
	}

	private static void callFailingWith(SessionServiceGrpc.SessionServiceBlockingStub sessions, Status.Code code,
			int times) {
		for (int i = 0; i < times; i++) {
			StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
					() -> sessions.authenticate(AuthenticateRequest.newBuilder().setSessionToken(code.name()).build()));
			assertThat(failure.getStatus().getCode()).isIn(code, Status.Code.UNAVAILABLE);
		}
	}

}
