package dev.marketplace.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.GZIPInputStream;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.card;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One trace across every hop: a purchase sent with a known W3C {@code traceparent} is continued
 * by the buyer-service, both database services and the payment service. Each exports its spans
 * over OTLP/HTTP to a receiver in this test, which keeps the export requests as they arrive
 * (protobuf: the trace ID is in them as its 16 bytes, each service's name as text), and writes the
 * trace ID in the log lines the purchase makes.
 */
class TracePropagationEndToEndIntegrationTests {

	static final List<String> SERVICES = List.of("buyer-service", "customer-db-service", "product-db-service",
			"financial-soap-service");

	static final List<byte[]> exports = new CopyOnWriteArrayList<>();

	static HttpServer receiver;

	static MarketplaceStack stack;

	static Marketplace marketplace;

	@BeforeAll
	static void marketplace() throws Exception {
		receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		receiver.createContext("/v1/traces", (exchange) -> {
			exports.add(body(exchange.getRequestBody(), exchange.getRequestHeaders().getFirst("Content-Encoding")));
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		receiver.start();
		// A trace its caller sampled is recorded whatever the services' own probability, which
		// stays at its default here.
		stack = MarketplaceStack.start("trace-propagation", Map.of("MANAGEMENT_OPENTELEMETRY_TRACING_EXPORT_OTLP_ENDPOINT",
				"http://127.0.0.1:" + receiver.getAddress().getPort() + "/v1/traces"));
		marketplace = new Marketplace(stack);
	}

	@AfterAll
	static void stop() throws Exception {
		if (stack != null) {
			stack.close();
		}
		if (receiver != null) {
			receiver.stop(0);
		}
	}

	@Test
	void aPurchasesTraceIdReachesTheBuyerServiceBothDatabaseServicesAndThePaymentService() throws IOException {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("quantity", 5));
		Marketplace.User buyer = marketplace.newBuyer();
		marketplace.addToCart(buyer.token(), lamp, 1);
		byte[] traceId = new byte[16];
		ThreadLocalRandom.current().nextBytes(traceId);
		String traceparent = "00-" + HexFormat.of().formatHex(traceId) + "-00f067aa0ba902b7-01";

		RestClient.Response purchase = marketplace.rest.post(stack.buyerUrl + "/api/v1/buyers/me/purchases",
				buyer.token(), card(), Map.of("traceparent", traceparent));

		assertThat(purchase.status()).as(purchase.body().toString()).isEqualTo(201);
		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(250))
			.untilAsserted(() -> assertThat(SERVICES).allSatisfy(
					(service) -> assertThat(exportedSpansOf(service, traceId)).as(service).isTrue()));
		for (ServiceProcess service : List.of(stack.buyer, stack.customerDb, stack.productDb, stack.financial)) {
			assertThat(service.log()).as("the purchase's log lines carry its trace ID")
				.contains(HexFormat.of().formatHex(traceId));
		}
	}

	/** Whether the service exported a span of the trace: one export request names both. */
	static boolean exportedSpansOf(String service, byte[] traceId) {
		byte[] name = service.getBytes(StandardCharsets.UTF_8);
		return exports.stream().anyMatch((export) -> contains(export, name) && contains(export, traceId));
	}

	static boolean contains(byte[] haystack, byte[] needle) {
		outer: for (int i = 0; i <= haystack.length - needle.length; i++) {
			for (int j = 0; j < needle.length; j++) {
				if (haystack[i + j] != needle[j]) {
					continue outer;
				}
			}
			return true;
		}
		return false;
	}

	static byte[] body(InputStream in, String encoding) throws IOException {
		try (InputStream body = "gzip".equalsIgnoreCase(encoding) ? new GZIPInputStream(in) : in) {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			body.transferTo(out);
			return out.toByteArray();
		}
	}

}
