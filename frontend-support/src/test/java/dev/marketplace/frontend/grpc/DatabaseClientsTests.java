package dev.marketplace.frontend.grpc;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

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

/** Over a real HTTP/2 connection on localhost. */
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

}
