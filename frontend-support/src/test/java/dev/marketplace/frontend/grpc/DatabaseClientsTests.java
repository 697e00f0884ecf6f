package dev.marketplace.frontend.grpc;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.grpc.Attributes;
import io.grpc.ConnectivityState;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.ServerTransportFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Over a real HTTP/2 connection on localhost. */
class DatabaseClientsTests {

	private final AtomicInteger connections = new AtomicInteger();

	private Server server;

	private ManagedChannel channel;

	@AfterEach
	void stop() throws InterruptedException {
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		this.server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aDatabaseServiceIsConnectedToBeforeAnyCall() throws IOException {
		this.server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
			.addTransportFilter(new ServerTransportFilter() {

				@Override
				public Attributes transportReady(Attributes attributes) {
					DatabaseClientsTests.this.connections.incrementAndGet();
					return attributes;
				}

			})
			.build()
			.start();

		this.channel = DatabaseClients.connectingNow(
				ManagedChannelBuilder.forAddress("127.0.0.1", this.server.getPort()).usePlaintext().build());

		await().atMost(Duration.ofSeconds(10)).until(() -> this.channel.getState(false) == ConnectivityState.READY);
		assertThat(this.connections).hasValue(1);
	}

}
