package dev.marketplace.frontend.grpc;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.grpc.Attributes;
import io.grpc.ConnectivityState;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.ServerTransportFilter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willAnswer;
import static org.mockito.Mockito.mock;

/** Over a real HTTP/2 connection on localhost, but for a channel that refuses every attempt for ever. */
class DatabaseClientsTests {

	@Test
	void aDatabaseServiceIsConnectedToBeforeAnyCall() throws IOException {
		AtomicInteger connections = new AtomicInteger();
		Server server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
			.addTransportFilter(new ServerTransportFilter() {

				@Override
				public Attributes transportReady(Attributes attributes) {
					connections.incrementAndGet();
					return attributes;
				}

			})
			.build()
			.start();
		ManagedChannel channel = DatabaseClients
			.connectingNow(ManagedChannelBuilder.forAddress("127.0.0.1", server.getPort()).usePlaintext().build());
		try {
			await().atMost(Duration.ofSeconds(10)).until(() -> channel.getState(false) == ConnectivityState.READY);
			assertThat(connections).hasValue(1);
		}
		finally {
			channel.shutdownNow();
			server.shutdownNow();
		}
	}

	/**
	 * gRPC waits out a reconnect backoff of 1 s ± 20% after the first refused attempt, and fails
	 * every call meanwhile; the first connection is tried again sooner.
	 */
	@Test
	void aDatabaseServiceThatListensAfterTheFirstAttemptIsConnectedToBeforeTheBackoffWouldEnd() throws IOException {
		assertConnectedSoonAfterListening((channel) -> await().atMost(Duration.ofSeconds(10))
			.pollInterval(Duration.ofMillis(10))
			.until(() -> channel.getState(false) == ConnectivityState.TRANSIENT_FAILURE));
	}

	/** By then gRPC waits about 2.5 s between attempts; the channel stays in TRANSIENT_FAILURE throughout. */
	@Test
	void aDatabaseServiceThatListensAfterSeveralRefusedAttemptsIsConnectedToBeforeTheBackoffWouldEnd()
			throws IOException {
		assertConnectedSoonAfterListening((channel) -> await().pollDelay(Duration.ofSeconds(3))
			.until(() -> channel.getState(false) == ConnectivityState.TRANSIENT_FAILURE));
	}

	/**
	 * A service that does not come up is not tried every 200 ms for ever: past the fast retries,
	 * the channel is left to gRPC's growing backoff.
	 */
	@Test
	void aDatabaseServiceThatNeverListensIsLeftToTheBackoffAfterTheFastRetries() {
		ManagedChannel alwaysRefused = mock(ManagedChannel.class);
		given(alwaysRefused.getState(true)).willReturn(ConnectivityState.TRANSIENT_FAILURE);
		AtomicInteger backoffResets = new AtomicInteger();
		willAnswer((invocation) -> backoffResets.incrementAndGet()).given(alwaysRefused).resetConnectBackoff();

		DatabaseClients.connectingNow(alwaysRefused, Duration.ofSeconds(1));

		int fastRetries = await().pollDelay(Duration.ofSeconds(2)).until(backoffResets::get, (resets) -> resets > 1);
		await().during(Duration.ofSeconds(1))
			.atMost(Duration.ofSeconds(2))
			.until(() -> backoffResets.get() == fastRetries);
	}

	private static void assertConnectedSoonAfterListening(Consumer<ManagedChannel> refusedUntilThen) throws IOException {
		int port;
		try (ServerSocket free = new ServerSocket(0)) {
			port = free.getLocalPort();
		}
		ManagedChannel channel = DatabaseClients
			.connectingNow(ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build());
		Server server = null;
		try {
			refusedUntilThen.accept(channel);
			server = Grpc.newServerBuilderForPort(port, InsecureServerCredentials.create()).build().start();
			await().atMost(Duration.ofMillis(600))
				.pollInterval(Duration.ofMillis(10))
				.until(() -> channel.getState(false) == ConnectivityState.READY);
		}
		finally {
			channel.shutdownNow();
			if (server != null) {
				server.shutdownNow();
			}
		}
	}

}
