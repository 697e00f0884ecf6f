package dev.marketplace.frontend.grpc;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
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
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/** Over a real HTTP/2 connection on localhost: a server that goes away and comes back. */
class ReconnectOnUnavailableTests {

	/**
	 * gRPC's first reconnect backoff is 1 s ± 20%, and a channel keeps failing calls until its
	 * new connection is ready, so without a reset no call is answered this soon.
	 */
	private static final Duration WITHIN_THE_FIRST_BACKOFF = Duration.ofMillis(600);

	private Server server;

	private ManagedChannel channel;

	@AfterEach
	void stop() throws InterruptedException {
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		this.server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aServerThatIsBackIsCalledBeforeTheReconnectBackoffWouldEnd() throws Exception {
		this.server = startServer(0);
		int port = this.server.getPort();
		this.channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
		SessionServiceGrpc.SessionServiceBlockingStub sessions = SessionServiceGrpc
			.newBlockingStub(ClientInterceptors.intercept(this.channel, new ReconnectOnUnavailable(this.channel)));
		assertThat(authenticate(sessions).getUserId()).isEqualTo(7);

		this.server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		StatusRuntimeException whileDown = catchThrowableOfType(StatusRuntimeException.class,
				() -> authenticate(sessions));
		assertThat(whileDown.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
		this.server = startServer(port);

		await().atMost(WITHIN_THE_FIRST_BACKOFF)
			.pollInterval(Duration.ofMillis(20))
			.ignoreExceptionsMatching((ex) -> ex instanceof StatusRuntimeException failed
					&& failed.getStatus().getCode() == Status.Code.UNAVAILABLE)
			.untilAsserted(() -> assertThat(authenticate(sessions).getUserId()).isEqualTo(7));
	}

	private static AuthenticateResponse authenticate(SessionServiceGrpc.SessionServiceBlockingStub sessions) {
		return sessions.withDeadlineAfter(5, TimeUnit.SECONDS)
			.authenticate(AuthenticateRequest.newBuilder().setSessionToken("token").build());
	}

	private static Server startServer(int port) throws IOException {
		return Grpc.newServerBuilderForPort(port, InsecureServerCredentials.create())
			.addService(new SessionServiceGrpc.SessionServiceImplBase() {

				@Override
				public void authenticate(AuthenticateRequest request, StreamObserver<AuthenticateResponse> answer) {
					answer.onNext(AuthenticateResponse.newBuilder().setUserId(7).build());
					answer.onCompleted();
				}

			})
			.build()
			.start();
	}

}
