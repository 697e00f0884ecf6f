package dev.marketplace.frontend.grpc;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.protobuf.services.HealthStatusManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/** Two real servers on localhost behind one channel with {@code addresses:///}, balanced round robin. */
class AddressListNameResolverProviderTests {

	private final List<Server> servers = new ArrayList<>();

	private final List<AtomicInteger> callsServed = new ArrayList<>();

	private ManagedChannel channel;

	@AfterEach
	void stop() throws InterruptedException {
		if (this.channel != null) {
			this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		}
		for (Server server : this.servers) {
			server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		}
	}

	@Test
	void callsAreSpreadOverEveryAddressOfTheList() throws IOException {
		HealthGrpc.HealthBlockingStub health = healthThroughBothServers();

		for (int call = 0; call < 20; call++) {
			check(health);
		}

		assertThat(this.callsServed).allSatisfy((served) -> assertThat(served.get()).isGreaterThanOrEqualTo(5));
	}

	@Test
	void whenOneAddressStopsServingTheCallsGoToTheOther() throws Exception {
		HealthGrpc.HealthBlockingStub health = healthThroughBothServers();
		check(health);
		this.servers.get(0).shutdownNow().awaitTermination(5, TimeUnit.SECONDS);

		await().atMost(Duration.ofSeconds(5)).ignoreExceptions().untilAsserted(() -> check(health));
		int servedBySecond = this.callsServed.get(1).get();
		for (int call = 0; call < 20; call++) {
			check(health);
		}

		assertThat(this.callsServed.get(1).get() - servedBySecond).isEqualTo(20);
	}

	@Test
	void theChannelsAuthorityIsTheFirstAddress() {
		this.channel = Grpc.newChannelBuilder("addresses:///localhost:7001,localhost:7002",
				InsecureChannelCredentials.create()).build();

		assertThat(this.channel.authority()).isEqualTo("localhost:7001");
	}

	@Test
	void anEntryThatIsNotHostAndPortIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> AddressListNameResolverProvider.HostAndPort.list("localhost:1,localhost"))
			.withMessageContaining("'localhost' is not host:port");
		assertThatIllegalArgumentException().isThrownBy(() -> AddressListNameResolverProvider.HostAndPort.list("localhost:70000"))
			.withMessageContaining("no port from 1 to 65535");
	}

	private HealthGrpc.HealthBlockingStub healthThroughBothServers() throws IOException {
		String target = "addresses:///localhost:" + startServer() + ",localhost:" + startServer();
		this.channel = Grpc.newChannelBuilder(target, InsecureChannelCredentials.create())
			.defaultLoadBalancingPolicy("round_robin")
			.build();
		return HealthGrpc.newBlockingStub(this.channel);
	}

	private static void check(HealthGrpc.HealthBlockingStub health) {
		assertThat(health.withDeadlineAfter(5, TimeUnit.SECONDS).check(HealthCheckRequest.getDefaultInstance()).getStatus())
			.isEqualTo(ServingStatus.SERVING);
	}

	private int startServer() throws IOException {
		AtomicInteger served = new AtomicInteger();
		ServerInterceptor counting = new ServerInterceptor() {
			@Override
			public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
					ServerCallHandler<Q, R> next) {
				served.incrementAndGet();
				return next.startCall(call, headers);
			}
		};
		Server server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
			.addService(ServerInterceptors.intercept(new HealthStatusManager().getHealthService(), counting))
			.build()
			.start();
		this.servers.add(server);
		this.callsServed.add(served);
		return server.getPort();
	}

}
