package dev.marketplace.frontend.session;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
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
 * Against a session service on a real localhost port that knows one live session, "live", and
 * answers a check of the session "slow" only once the test lets it.
 */
class SessionCheckedReadsTests {

	private final CountDownLatch slowCheckMayAnswer = new CountDownLatch(1);

	private Server server;

	private ManagedChannel channel;

	private SessionCheckedReads reads;

	@BeforeEach
	void start() throws IOException {
		this.server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
			.addService(new SessionServiceGrpc.SessionServiceImplBase() {

				@Override
				public void authenticate(AuthenticateRequest request, StreamObserver<AuthenticateResponse> answer) {
					String token = request.getSessionToken();
					if (token.equals("slow") && !awaitQuietly(SessionCheckedReadsTests.this.slowCheckMayAnswer)) {
						answer.onError(Status.DEADLINE_EXCEEDED.asRuntimeException());
						return;
					}
					if (!token.equals("live") && !token.equals("slow")) {
						answer.onError(Status.UNAUTHENTICATED.withDescription("no such session").asRuntimeException());
						return;
					}
					answer.onNext(AuthenticateResponse.newBuilder().setUserId(7).setSessionId(70).build());
					answer.onCompleted();
				}

			})
			.build()
			.start();
		this.channel = ManagedChannelBuilder.forAddress("127.0.0.1", this.server.getPort()).usePlaintext().build();
		this.reads = new SessionCheckedReads(SessionServiceGrpc.newFutureStub(this.channel), Role.BUYER);
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.slowCheckMayAnswer.countDown();
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		this.server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aLiveSessionGetsTheReadsAnswer() {
		assertThat(this.reads.read(new BearerToken("live"), () -> "the item")).isEqualTo("the item");
	}

	@Test
	void aLiveSessionGetsTheReadsFailure() {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.reads.read(new BearerToken("live"), () -> {
					throw Status.NOT_FOUND.asRuntimeException();
				}));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
	}

	@Test
	void aDeadSessionIsUnauthenticatedAndNeverGetsTheAnswer() {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.reads.read(new BearerToken("ended"), () -> "the item"));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
	}

	@Test
	void aDeadSessionIsUnauthenticatedEvenWhenTheReadFails() {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.reads.read(new BearerToken("ended"), () -> {
					throw Status.NOT_FOUND.asRuntimeException();
				}));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
	}

	@Test
	void theReadRunsWhileTheSessionIsBeingChecked() {
		String answer = this.reads.read(new BearerToken("slow"), () -> {
			// The check cannot answer before this: were the read to wait for it, both would stall.
			this.slowCheckMayAnswer.countDown();
			return "the item";
		});

		assertThat(answer).isEqualTo("the item");
	}

	private static boolean awaitQuietly(CountDownLatch latch) {
		try {
			return latch.await(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
