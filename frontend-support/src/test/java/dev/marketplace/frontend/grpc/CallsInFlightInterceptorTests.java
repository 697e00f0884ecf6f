package dev.marketplace.frontend.grpc;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.google.common.util.concurrent.ListenableFuture;
import dev.marketplace.grpc.CallsInFlight;
import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.grpc.ClientInterceptors;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Over a real HTTP/2 connection on localhost, behind a bulkhead and circuit breaker as the
 * frontends' channels are, to a server that records the count each call carries and holds its
 * answers while told to.
 */
class CallsInFlightInterceptorTests {

	private final List<Integer> countsReceived = new CopyOnWriteArrayList<>();

	private volatile CountDownLatch answersHeld = new CountDownLatch(0);

	private Server server;

	private ManagedChannel channel;

	private SessionServiceGrpc.SessionServiceFutureStub sessions;

	@BeforeEach
	void start() throws IOException {
		ServerInterceptor recordCount = new ServerInterceptor() {

			@Override
			public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
					ServerCallHandler<Q, R> next) {
				CallsInFlightInterceptorTests.this.countsReceived.add(CallsInFlight.of(headers));
				return next.startCall(call, headers);
			}

		};
		this.server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
			.addService(ServerInterceptors.intercept(new SessionServiceGrpc.SessionServiceImplBase() {

				/** Answers once the held answers are released; fails for the token "fail". */
				@Override
				public void authenticate(AuthenticateRequest request, StreamObserver<AuthenticateResponse> answer) {
					try {
						CallsInFlightInterceptorTests.this.answersHeld.await(5, TimeUnit.SECONDS);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
					if (request.getSessionToken().equals("fail")) {
						answer.onError(Status.UNAVAILABLE.asRuntimeException());
						return;
					}
					answer.onNext(AuthenticateResponse.getDefaultInstance());
					answer.onCompleted();
				}

			}, recordCount))
			.build()
			.start();
		this.channel = ManagedChannelBuilder.forAddress("127.0.0.1", this.server.getPort()).usePlaintext().build();
		Bulkhead bulkhead = Bulkhead.ofDefaults("customer-db");
		this.sessions = SessionServiceGrpc.newFutureStub(ClientInterceptors.intercept(this.channel,
				new CallsInFlightInterceptor(bulkhead),
				new ResilienceInterceptor(CircuitBreaker.ofDefaults("customer-db"), bulkhead)));
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		this.server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void eachCallCarriesTheCallsInFlightOnItsChannelItselfIncluded() throws Exception {
		this.answersHeld = new CountDownLatch(1);
		List<ListenableFuture<AuthenticateResponse>> calls = Stream.of("a", "b", "c").map(this::authenticate).toList();
		this.answersHeld.countDown();
		for (ListenableFuture<AuthenticateResponse> call : calls) {
			call.get(5, TimeUnit.SECONDS);
		}

		assertThat(this.countsReceived).containsExactlyInAnyOrder(1, 2, 3);
	}

	@Test
	void aCallNoLongerCountsOnceAnswered() throws Exception {
		authenticate("a").get(5, TimeUnit.SECONDS);
		authenticate("b").get(5, TimeUnit.SECONDS);

		assertThat(this.countsReceived).containsExactly(1, 1);
	}

	@Test
	void aCallNoLongerCountsOnceFailed() throws Exception {
		Exception failed = catchThrowableOfType(Exception.class, () -> authenticate("fail").get(5, TimeUnit.SECONDS));
		authenticate("b").get(5, TimeUnit.SECONDS);

		assertThat(failed).hasCauseInstanceOf(StatusRuntimeException.class);
		assertThat(this.countsReceived).containsExactly(1, 1);
	}

	private ListenableFuture<AuthenticateResponse> authenticate(String token) {
		return this.sessions.authenticate(AuthenticateRequest.newBuilder().setSessionToken(token).build());
	}

}
