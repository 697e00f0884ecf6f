package dev.marketplace.frontend.grpc;

import java.io.IOException;
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

/** Over a real HTTP/2 connection on localhost: a server that goes away and comes back. */
class ReconnectOnUnavailableTests {

	/**
	 * Calls 20 ms apart. gRPC's first reconnect backoff is 1 s ± 20%, and a channel keeps failing
	 * calls until its new connection is ready, so without a reset no call in the first 0.8 s is
	 * answered.
	 */
	private static final int CALLS_WITHIN_THE_FIRST_BACKOFF = 25;

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

		assertThat(callsUntilAnswered(sessions)).isLessThanOrEqualTo(CALLS_WITHIN_THE_FIRST_BACKOFF);
	}

	private static int callsUntilAnswered(SessionServiceGrpc.SessionServiceBlockingStub sessions)
			throws InterruptedException {
		for (int call = 1; call <= CALLS_WITHIN_THE_FIRST_BACKOFF; call++) {
			try {
				authenticate(sessions);
				return call;
			}
			catch (StatusRuntimeException ex) {
				assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
				Thread.sleep(20);
			}
		}
		return Integer.MAX_VALUE;
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
