package dev.marketplace.frontend.grpc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class IdempotentRetriesTests {

	@Test
	void grpcAcceptsTheServiceConfig() {
		ManagedChannel channel = ManagedChannelBuilder.forTarget("127.0.0.1:1")
			.usePlaintext()
			.defaultServiceConfig(IdempotentRetries.serviceConfig(3))
			.enableRetry()
			.build();
		try {
			assertThat(channel.isShutdown()).isFalse();
		}
		finally {
			channel.shutdownNow();
		}
	}

	@Test
	void onlyUnavailableIsRetried() {
		assertThat(IdempotentRetries.serviceConfig(3).toString()).contains("retryableStatusCodes=[UNAVAILABLE]");
	}

	@Test
	void callsThatWouldApplyTwiceAreNotRetried() {
		assertThat(IdempotentRetries.serviceConfig(3).toString()).contains("GetItem", "ReserveStock", "RecordPurchase")
			.doesNotContain("CreateAccount", "Login", "AddToCart", "RemoveFromCart", "RemoveUnits", "RegisterItem",
					"BeginCheckout", "ClaimStalledCheckouts");
	}

	@Test
	void theRetryPolicyJoinsTheLoadBalancingAndHealthCheckOfTheChannelsServiceConfig() {
		Map<String, Object> serviceConfig = new LinkedHashMap<>();
		serviceConfig.put("healthCheckConfig", Map.of("serviceName", ""));
		serviceConfig.put("loadBalancingConfig", List.of(Map.of("round_robin", Map.of())));

		IdempotentRetries.customizer(3).customize("customer-db", serviceConfig);

		assertThat(serviceConfig).containsKeys("healthCheckConfig", "loadBalancingConfig", "methodConfig");
	}

}
