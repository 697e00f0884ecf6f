package dev.marketplace.frontend.grpc;

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

}
