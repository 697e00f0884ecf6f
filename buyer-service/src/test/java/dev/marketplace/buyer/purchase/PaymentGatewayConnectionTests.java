package dev.marketplace.buyer.purchase;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import javax.net.ssl.SSLParameters;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import dev.marketplace.testsupport.TestCertificates;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.retry.RetryRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.boot.ssl.DefaultSslBundleRegistry;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.pem.PemSslStoreBundle;
import org.springframework.boot.ssl.pem.PemSslStoreDetails;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The payment calls over real mutual TLS, against an HTTPS server that demands a client
 * certificate and answers every authorisation with an approval, unless told to stall.
 */
class PaymentGatewayConnectionTests {

	private static final TestCertificates certificates = TestCertificates.shared();

	private static final String APPROVAL = """
			<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>
			<p:AuthorizePaymentResponse xmlns:p="urn:marketplace:payments:v1"><p:transactionId>t-1</p:transactionId>
			<p:approved>true</p:approved><p:authorizationCode>A-1</p:authorizationCode><p:reason>approved</p:reason>
			</p:AuthorizePaymentResponse></soap:Body></soap:Envelope>""";

	/** The client port of every request the server answered: one port, one connection. */
	private final List<Integer> clientPorts = new CopyOnWriteArrayList<>();

	/** Holds the requests {@link #stall} takes; opened when the test ends. */
	private final CountDownLatch release = new CountDownLatch(1);

	private final ExecutorService handlers = Executors.newCachedThreadPool();

	private final PurchaseRequest card = new PurchaseRequest("Ada Lovelace", "4111111111111111", "12/40", "123");

	private HttpsServer server;

	private PaymentGateway payments;

	@BeforeEach
	void startPaymentServiceAndGateway() throws Exception {
		this.server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.setExecutor(this.handlers);
		this.server.setHttpsConfigurator(new HttpsConfigurator(certificates.sslContext("financial-soap-service")) {
			@Override
			public void configure(HttpsParameters parameters) {
				SSLParameters tls = getSSLContext().getDefaultSSLParameters();
				tls.setNeedClientAuth(true);
				parameters.setSSLParameters(tls);
			}
		});
		this.server.createContext("/ws", this::approve);
		this.server.createContext("/stalled", this::stall);
		this.server.start();
		this.payments = gateway(this.server.getAddress().getPort(), "/ws");
	}

	@AfterEach
	void stop() throws Exception {
		this.payments.destroy();
		this.release.countDown();
		this.server.stop(0);
		this.handlers.shutdownNow();
	}

	@Test
	void callsOneAfterAnotherShareOneMutuallyAuthenticatedConnection() {
		for (int call = 0; call < 3; call++) {
			assertThat(this.payments.authorize("t-1", this.card, BigDecimal.TEN))
				.isEqualTo(new PaymentGateway.Outcome.Approved("A-1"));
		}

		assertThat(this.clientPorts).hasSize(3).containsOnly(this.clientPorts.get(0));
	}

	@Test
	void aServiceThatTakesTheRequestButNeverAnswersIsUnavailableAfterTheTimeout() throws Exception {
		PaymentGateway stalled = gateway(this.server.getAddress().getPort(), "/stalled");
		try {
			assertUnavailable(stalled);
		}
		finally {
			stalled.destroy();
		}
	}

	@Test
	void aServiceThatNeverFinishesTheTlsHandshakeIsUnavailableAfterTheTimeout() throws Exception {
		// Connections queue in the backlog, so they are made, but no one ever answers the handshake.
		try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			PaymentGateway unanswered = gateway(silent.getLocalPort(), "/ws");
			try {
				assertUnavailable(unanswered);
			}
			finally {
				unanswered.destroy();
			}
		}
	}

	/** The call gives up (after the default three attempts) instead of waiting for ever. */
	private void assertUnavailable(PaymentGateway gateway) {
		assertTimeoutPreemptively(Duration.ofSeconds(30),
				() -> assertThatExceptionOfType(PaymentGateway.PaymentUnavailableException.class)
					.isThrownBy(() -> gateway.authorize("t-2", this.card, BigDecimal.TEN)));
	}

	private static PaymentGateway gateway(int port, String path) throws Exception {
		URI url = URI.create("https://localhost:" + port + path);
		StaticListableBeanFactory noTracing = new StaticListableBeanFactory();
		return new PaymentGateway(new PaymentProperties(url, Duration.ofMillis(300)), buyerServiceTls(),
				RetryRegistry.ofDefaults(), CircuitBreakerRegistry.ofDefaults(), BulkheadRegistry.ofDefaults(),
				noTracing.getBeanProvider(Tracer.class), noTracing.getBeanProvider(Propagator.class));
	}

	private void approve(HttpExchange exchange) throws IOException {
		this.clientPorts.add(exchange.getRemoteAddress().getPort());
		try (InputStream request = exchange.getRequestBody()) {
			request.readAllBytes();
		}
		byte[] answer = APPROVAL.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "text/xml; charset=utf-8");
		exchange.sendResponseHeaders(200, answer.length);
		try (OutputStream body = exchange.getResponseBody()) {
			body.write(answer);
		}
	}

	private void stall(HttpExchange exchange) throws IOException {
		try (InputStream request = exchange.getRequestBody()) {
			request.readAllBytes();
			this.release.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		exchange.close();
	}

	private static DefaultSslBundleRegistry buyerServiceTls() {
		PemSslStoreDetails key = PemSslStoreDetails.forCertificate("file:" + certificates.certificate("buyer-service"))
			.withPrivateKey("file:" + certificates.privateKey("buyer-service"));
		PemSslStoreDetails trust = PemSslStoreDetails.forCertificate("file:" + certificates.caCertificate());
		return new DefaultSslBundleRegistry("internal", SslBundle.of(new PemSslStoreBundle(key, trust)));
	}

}
