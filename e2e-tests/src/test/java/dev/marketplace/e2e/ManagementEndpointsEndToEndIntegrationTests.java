package dev.marketplace.e2e;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The frontends' actuator (health, metrics, Prometheus) answers on a management port of its own,
 * which a deployment keeps private, and not on the public API's port.
 */
class ManagementEndpointsEndToEndIntegrationTests extends SharedMarketplaceTest {

	static final RestClient rest = new RestClient();

	@Test
	void healthAndPrometheusAnswerOnTheManagementPorts() {
		for (String url : List.of(stack.sellerManagementUrl, stack.buyerManagementUrl)) {
			RestClient.Response health = rest.get(url + "/actuator/health", null);
			assertThat(health.status()).as(url).isEqualTo(200);
			assertThat(health.text("status")).as(url).isEqualTo("UP");
			RestClient.Response prometheus = rest.get(url + "/actuator/prometheus", null);
			assertThat(prometheus.status()).as(url).isEqualTo(200);
			assertThat(prometheus.contentType()).as(url).startsWith("text/plain");
		}
	}

	/** logback.events puts a filter in front of every log-level check the libraries make, many per call. */
	@Test
	void noServiceCountsLogLinesByLevel() {
		for (String url : List.of(stack.customerDbManagementUrl, stack.productDbManagementUrl,
				stack.sellerManagementUrl, stack.buyerManagementUrl, stack.financialManagementUrl)) {
			RestClient.Response prometheus = rest.get(url + "/actuator/prometheus", null);
			assertThat(prometheus.status()).as(url).isEqualTo(200);
			assertThat(prometheus.bodyText()).as(url)
				.contains("jvm_memory_used_bytes")
				.doesNotContain("logback_events");
		}
	}

	@Test
	void publicPortsDoNotServeTheActuator() {
		for (String url : List.of(stack.sellerUrl, stack.buyerUrl)) {
			for (String endpoint : List.of("/actuator", "/actuator/health", "/actuator/prometheus",
					"/actuator/metrics")) {
				RestClient.Response response = rest.get(url + endpoint, null);
				assertThat(response.status()).as(url + endpoint).isEqualTo(404);
				assertThat(response.contentType()).as(url + endpoint).startsWith("application/problem+json");
			}
		}
	}

}
