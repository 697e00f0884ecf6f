package dev.marketplace.e2e;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

import javax.net.ssl.SSLContext;

import dev.marketplace.proto.product.v1.ReservationRequest;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import dev.marketplace.testsupport.TestCertificates;
import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * No one but the marketplace's own services reaches its internal services: the database
 * services' gRPC and the payment service's SOAP answer only clients presenting a certificate of
 * the CA they trust, and of those only the ones each service lists (by the certificate's name);
 * every internal port listens on loopback alone.
 */
class InternalAccessEndToEndIntegrationTests extends SharedMarketplaceTest {

	private static final TestCertificates trusted = TestCertificates.shared();

	private static final TestCertificates otherCa = TestCertificates.otherAuthority();

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "customer-db", "product-db" })
	void aDatabaseServiceAnswersAClientWithATrustedCertificate(String service) {
		assertThat(healthCheck(grpcPort(service), trusted.channelCredentials(TestCertificates.OPERATOR)))
			.isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "customer-db", "product-db" })
	void aDatabaseServiceRefusesAPlaintextClient(String service) {
		assertRefused(grpcPort(service), InsecureChannelCredentials.create());
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "customer-db", "product-db" })
	void aDatabaseServiceRefusesATlsClientWithoutACertificate(String service) throws IOException {
		assertRefused(grpcPort(service),
				TlsChannelCredentials.newBuilder().trustManager(trusted.caCertificate().toFile()).build());
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "customer-db", "product-db" })
	void aDatabaseServiceRefusesACertificateOfAnotherCa(String service) throws IOException {
		assertRefused(grpcPort(service),
				TlsChannelCredentials.newBuilder()
					.keyManager(otherCa.certificate(TestCertificates.OPERATOR).toFile(),
							otherCa.privateKey(TestCertificates.OPERATOR).toFile())
					.trustManager(trusted.caCertificate().toFile())
					.build());
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "customer-db", "product-db" })
	void aDatabaseServiceRefusesACertificateOfTheCaItDoesNotList(String service) {
		StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
				() -> healthCheck(grpcPort(service), trusted.channelCredentials("financial-soap-service")));
		assertThat(refused).as("the payment service's certificate should be refused").isNotNull();
		assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
	}

	@Test
	void theStockServiceAnswersTheBuyerFrontendAndRefusesTheSellerFrontend() {
		assertThat(reservationLookup("buyer-service")).isEqualTo(Status.Code.NOT_FOUND);
		assertThat(reservationLookup("seller-service")).isEqualTo(Status.Code.PERMISSION_DENIED);
	}

	@Test
	void thePaymentServiceAnswersAClientWithATrustedCertificate() throws Exception {
		assertThat(getWsdl(trusted.sslContext(TestCertificates.OPERATOR)).statusCode()).isEqualTo(200);
	}

	@Test
	void thePaymentServiceRefusesACertificateOfTheCaItDoesNotList() throws Exception {
		HttpResponse<String> refused = getWsdl(trusted.sslContext("seller-service"));

		assertThat(refused.statusCode()).isEqualTo(403);
		assertThat(refused.body()).doesNotContain("AuthorizePayment");
	}

	@Test
	void thePaymentServiceRefusesAClientWithoutACertificate() throws Exception {
		SSLContext noCertificate = TestCertificates.sslContext(null, trusted.trustManagers());
		assertThatExceptionOfType(IOException.class).isThrownBy(() -> getWsdl(noCertificate));
	}

	@Test
	void thePaymentServiceRefusesACertificateOfAnotherCa() throws Exception {
		// The client trusts the service's CA; only its own certificate is foreign.
		SSLContext foreignCertificate = TestCertificates
			.sslContext(otherCa.keyManagers(TestCertificates.OPERATOR), trusted.trustManagers());
		assertThatExceptionOfType(IOException.class).isThrownBy(() -> getWsdl(foreignCertificate));
	}

	/** Tomcat answers plain HTTP on a TLS port with a 400 of its own, and serves nothing. */
	@Test
	void thePaymentServiceServesNothingOverPlainHttp() throws Exception {
		HttpResponse<String> plain = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + stack.financialPort + "/ws/payments.wsdl"))
				.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(plain.statusCode()).isEqualTo(400);
		assertThat(plain.body()).doesNotContain("AuthorizePayment");
	}

	@Test
	void noInternalPortIsReachableOnANonLoopbackAddress() {
		Optional<InetAddress> external = nonLoopbackAddress();
		assumeTrue(external.isPresent(), "this machine has no non-loopback IPv4 address to try");
		for (int port : stack.internalPorts) {
			assertThatExceptionOfType(ConnectException.class).as("port %d on %s", port, external.get())
				.isThrownBy(() -> {
					try (Socket socket = new Socket()) {
						socket.connect(new InetSocketAddress(external.get(), port), 2_000);
					}
				});
		}
	}

	private static int grpcPort(String service) {
		return service.equals("customer-db") ? stack.customerDbGrpcPort : stack.productDbGrpcPort;
	}

	private static HealthCheckResponse.ServingStatus healthCheck(int port, ChannelCredentials credentials) {
		ManagedChannel channel = Grpc.newChannelBuilderForAddress("127.0.0.1", port, credentials).build();
		try {
			return HealthGrpc.newBlockingStub(channel)
				.withDeadlineAfter(Duration.ofSeconds(5))
				.check(HealthCheckRequest.getDefaultInstance())
				.getStatus();
		}
		finally {
			channel.shutdownNow();
		}
	}

	/** How a lookup of an unknown stock reservation ends, made with {@code caller}'s certificate. */
	private static Status.Code reservationLookup(String caller) {
		ManagedChannel channel = Grpc
			.newChannelBuilderForAddress("127.0.0.1", stack.productDbGrpcPort, trusted.channelCredentials(caller))
			.build();
		try {
			StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
					() -> StockServiceGrpc.newBlockingStub(channel)
						.withDeadlineAfter(Duration.ofSeconds(5))
						.getReservation(ReservationRequest.newBuilder().setReservationId("no-such-purchase").build()));
			return (failure != null) ? failure.getStatus().getCode() : Status.Code.OK;
		}
		finally {
			channel.shutdownNow();
		}
	}

	private static void assertRefused(int port, ChannelCredentials credentials) {
		StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
				() -> healthCheck(port, credentials));
		assertThat(refused).as("the call should be refused").isNotNull();
		assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
	}

	private static HttpResponse<String> getWsdl(SSLContext tls) throws IOException, InterruptedException {
		HttpClient client = HttpClient.newBuilder().sslContext(tls).build();
		return client.send(
				HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + stack.financialPort + "/ws/payments.wsdl"))
					.build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private static Optional<InetAddress> nonLoopbackAddress() {
		try {
			return NetworkInterface.networkInterfaces()
				.filter(InternalAccessEndToEndIntegrationTests::isUp)
				.flatMap(NetworkInterface::inetAddresses)
				.filter((address) -> address instanceof Inet4Address && !address.isLoopbackAddress()
						&& !address.isLinkLocalAddress())
				.findFirst();
		}
		catch (SocketException ex) {
			return Optional.empty();
		}
	}

	private static boolean isUp(NetworkInterface network) {
		try {
			return network.isUp();
		}
		catch (SocketException ex) {
			return false;
		}
	}

}
