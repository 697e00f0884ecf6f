package dev.marketplace.financial.payment;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

import dev.marketplace.payment.contract.AuthorizePaymentRequest;
import dev.marketplace.payment.contract.AuthorizePaymentResponse;
import dev.marketplace.payment.contract.CapturePaymentRequest;
import dev.marketplace.payment.contract.CapturePaymentResponse;
import dev.marketplace.payment.contract.PaymentState;
import dev.marketplace.payment.contract.VoidPaymentRequest;
import dev.marketplace.payment.contract.VoidPaymentResponse;
import dev.marketplace.testsupport.TestCertificates;
import dev.marketplace.testsupport.TestDatabaseServer;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.soap.client.SoapFaultClientException;
import org.springframework.ws.transport.http.JdkHttpClientMessageSender;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "marketplace.payments.approval-probability=1.0")
@ExtendWith(OutputCaptureExtension.class)
class PaymentEndpointIntegrationTests {

	static final String CARD = "4111111111111111";

	@LocalServerPort
	int port;

	@Autowired
	MeterRegistry meters;

	/** Presents a certificate of the CA the service trusts, as the buyer service does. */
	final HttpClient http = HttpClient.newBuilder()
		.sslContext(TestCertificates.shared().sslContext(TestCertificates.OPERATOR))
		.build();

	@DynamicPropertySource
	static void certificates(DynamicPropertyRegistry registry) {
		TestCertificates.shared().register(registry, "financial-soap-service");
		TestDatabaseServer.shared().registerDataSource(registry, "payments");
	}

	@Test
	void rawSoap11EnvelopeIsApproved() throws Exception {
		HttpResponse<String> response = postEnvelope(envelope("txn-raw-1", CARD, "12/99", "123", "25.00"));

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("text/xml");
		assertThat(response.body()).contains("AuthorizePaymentResponse", "<ns2:approved>true</ns2:approved>",
				"<ns2:transactionId>txn-raw-1</ns2:transactionId>");
	}

	@Test
	void eachOperationIsTimedByItsOutcome() throws Exception {
		postEnvelope(envelope("txn-metrics-1", CARD, "12/99", "123", "25.00"));
		postEnvelope(envelope("txn-metrics-2", "4111111111111112", "12/99", "123", "25.00"));
		postEnvelope(envelope("t".repeat(100), CARD, "12/99", "123", "25.00"));

		for (String outcome : List.of("approved", "invalid_card", "invalid_request")) {
			assertThat(this.meters.find("marketplace.payments.requests")
				.tags("operation", "AuthorizePayment", "outcome", outcome)
				.timer())
				.as(outcome)
				.isNotNull()
				.satisfies((timer) -> assertThat(timer.count()).isPositive());
		}
	}

	@Test
	void requestsAreLabelledByTheirPath() throws Exception {
		postEnvelope(envelope("txn-uri", CARD, "12/99", "123", "25.00"));

		// The server records a request once its answer is sent, which may be after the client has it.
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(this.meters.find("http.server.requests").tag("uri", "/ws").timer())
				.isNotNull());
	}

	@Test
	void malformedCardIsASoapClientFaultWithTheReason() throws Exception {
		HttpResponse<String> response = postEnvelope(envelope("txn-raw-2", "4111111111111112", "12/99", "12", "25.00"));

		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.body()).contains("Fault", "Client", "the card number is not valid",
				"the security code must be 3 or 4 digits");
	}

	@Test
	void aCardholderNameLongerThanTheSchemaAllowsIsAClientFault() throws Exception {
		HttpResponse<String> response = postEnvelope(envelope("txn-long-name", CARD, "12/99", "123", "25.00")
			.replace("Ada Lovelace", "A".repeat(15_000)));

		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.body()).contains("Client", "does not match the payments schema")
			.doesNotContain("AuthorizePaymentResponse");
	}

	@Test
	void aTransactionIdLongerThanTheSchemaAllowsIsAClientFault() throws Exception {
		HttpResponse<String> response = postEnvelope(envelope("t".repeat(100), CARD, "12/99", "123", "25.00"));

		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.body()).contains("Client", "does not match the payments schema")
			.doesNotContain("AuthorizePaymentResponse");
	}

	@Test
	void aSoap12RequestIs400WithNothingLoggedAsAnError(CapturedOutput output) throws Exception {
		HttpResponse<String> response = post(
				"<e:Envelope xmlns:e=\"http://www.w3.org/2003/05/soap-envelope\"><e:Body/></e:Envelope>",
				"application/soap+xml; charset=utf-8");

		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(output.getAll()).doesNotContain("SoapMessageCreationException").doesNotContain("SAAJ05");
	}

	@Test
	void aDocumentTypeDeclarationIs400AndItsEntityIsNeverRead(@TempDir Path directory, CapturedOutput output)
			throws Exception {
		Path secret = Files.writeString(directory.resolve("secret.txt"), "entity-contents-never-read");

		HttpResponse<String> response = postEnvelope("""
				<?xml version="1.0"?>
				<!DOCTYPE e [<!ENTITY secret SYSTEM "%s">]>
				<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body>&secret;</e:Body></e:Envelope>
				""".formatted(secret.toUri()).strip());

		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).doesNotContain("entity-contents-never-read");
		assertThat(output.getAll()).doesNotContain("entity-contents-never-read")
			.doesNotContain("SoapMessageCreationException");
	}

	@Test
	void aLineBreakInATransactionIdIsRefusedAndCannotForgeALogLine(CapturedOutput output) throws Exception {
		HttpResponse<String> response = postEnvelope(
				envelope("txn-1&#10;2026-11-27T00:00:00Z INFO forged: approved", CARD, "12/99", "123", "25.00"));

		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.body()).contains("Client", "does not match the payments schema");
		assertThat(output.getAll()).contains("txn-1\\n2026-11-27T00:00:00Z INFO forged")
			.doesNotContain("\n2026-11-27T00:00:00Z INFO forged");
	}

	@Test
	void aBodyOverTheLimitIs413WhetherItsLengthIsAnnouncedOrNot() throws Exception {
		String tooLarge = envelope("txn-large", CARD, "12/99", "123", "25.00")
			.replace("<soapenv:Header/>", "<soapenv:Header>" + "x".repeat(200_000) + "</soapenv:Header>");

		assertThat(postEnvelope(tooLarge).statusCode()).isEqualTo(413);
		HttpResponse<String> chunked = postChunked(tooLarge);
		assertThat(chunked.statusCode()).as(chunked.body()).isEqualTo(413);
	}

	@Test
	void aChunkedBodyOverTheLimitIsRefusedWithoutAStackTrace(CapturedOutput output) throws Exception {
		String tooLarge = envelope("txn-large-chunked", CARD, "12/99", "123", "25.00")
			.replace("<soapenv:Header/>", "<soapenv:Header>" + "x".repeat(20_000) + "</soapenv:Header>");

		assertThat(postChunked(tooLarge).statusCode()).isEqualTo(413);
		// SAAJ's errors carry codes (SAAJ0545, SAAJ0535); its first-request INFO line names SAAJ too.
		assertThat(output).doesNotContain("ExceededException", "\tat ", "SAAJ0");
	}

	@Test
	void aSmallBodySentWithoutALengthIsRead() throws Exception {
		HttpResponse<String> response = postChunked(envelope("txn-chunked", CARD, "12/99", "123", "25.00"));

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).contains("<ns2:approved>true</ns2:approved>");
	}

	@Test
	void wsdlIsPublishedWithTheOperation() throws Exception {
		HttpResponse<String> wsdl = this.http.send(
				HttpRequest.newBuilder(URI.create(base() + "/ws/payments.wsdl")).build(),
				HttpResponse.BodyHandlers.ofString());

		assertThat(wsdl.statusCode()).isEqualTo(200);
		assertThat(wsdl.body()).contains("wsdl:definitions", "AuthorizePayment", "soap:address",
				"urn:marketplace:payments:v1");
	}

	@Test
	void aGetOnTheEndpointIs405NamingPostAsTheMethodAllowed() throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(URI.create(base() + "/ws")).build(),
				HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).isEqualTo(405);
		assertThat(response.headers().allValues("Allow")).containsExactly("POST");
	}

	@Test
	void aPutOnTheWsdlIs405NamingGetAndPost() throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(URI.create(base() + "/ws/payments.wsdl"))
			.PUT(HttpRequest.BodyPublishers.ofString("<wsdl/>"))
			.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).isEqualTo(405);
		assertThat(response.headers().allValues("Allow")).containsExactly("GET, POST");
	}

	/** Read as a client that reached the service by another name would: through a proxy, say. */
	@Test
	void theWsdlNamesTheAbsoluteAddressItWasReadAt() throws Exception {
		SSLSocketFactory tls = TestCertificates.shared().sslContext(TestCertificates.OPERATOR).getSocketFactory();
		try (SSLSocket socket = (SSLSocket) tls.createSocket("127.0.0.1", this.port)) {
			socket.getOutputStream()
				.write(("GET /ws/payments.wsdl HTTP/1.1\r\nHost: payments.example.com:9443\r\n"
						+ "Connection: close\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
			String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

			assertThat(response).startsWith("HTTP/1.1 200")
				.contains("location=\"https://payments.example.com:9443/ws\"");
		}
	}

	@Test
	void generatedJavaClientGetsTheSameAnswerForTheSameTransaction() {
		WebServiceTemplate client = client();
		String transactionId = UUID.randomUUID().toString();

		AuthorizePaymentResponse first = (AuthorizePaymentResponse) client.marshalSendAndReceive(request(transactionId));
		AuthorizePaymentResponse retry = (AuthorizePaymentResponse) client.marshalSendAndReceive(request(transactionId));

		assertThat(first.isApproved()).isTrue();
		assertThat(first.getAuthorizationCode()).isNotBlank();
		assertThat(retry.getAuthorizationCode()).isEqualTo(first.getAuthorizationCode());
	}

	@Test
	void anAuthorisedPaymentIsCapturedOnceAndCannotThenBeVoided() {
		WebServiceTemplate client = client();
		String transactionId = UUID.randomUUID().toString();
		client.marshalSendAndReceive(request(transactionId));

		CapturePaymentResponse captured = (CapturePaymentResponse) client.marshalSendAndReceive(capture(transactionId));
		CapturePaymentResponse again = (CapturePaymentResponse) client.marshalSendAndReceive(capture(transactionId));
		SoapFaultClientException voidFault = catchThrowableOfType(SoapFaultClientException.class,
				() -> client.marshalSendAndReceive(voidRequest(transactionId)));

		assertThat(captured.getState()).isEqualTo(PaymentState.CAPTURED);
		assertThat(again.getState()).isEqualTo(PaymentState.CAPTURED);
		assertThat(voidFault.getFaultStringOrReason()).contains("captured", "cannot be voided");
	}

	@Test
	void aVoidedAuthorisationIsNeverCaptured() {
		WebServiceTemplate client = client();
		String transactionId = UUID.randomUUID().toString();
		client.marshalSendAndReceive(request(transactionId));

		VoidPaymentResponse voided = (VoidPaymentResponse) client.marshalSendAndReceive(voidRequest(transactionId));
		SoapFaultClientException captureFault = catchThrowableOfType(SoapFaultClientException.class,
				() -> client.marshalSendAndReceive(capture(transactionId)));

		assertThat(voided.getState()).isEqualTo(PaymentState.VOIDED);
		assertThat(captureFault.getFaultStringOrReason()).contains("VOIDED", "cannot be captured");
	}

	@Test
	void anAuthorisationArrivingAfterItsVoidIsDeclined() {
		WebServiceTemplate client = client();
		String transactionId = UUID.randomUUID().toString();

		VoidPaymentResponse voided = (VoidPaymentResponse) client.marshalSendAndReceive(voidRequest(transactionId));
		AuthorizePaymentResponse late = (AuthorizePaymentResponse) client
			.marshalSendAndReceive(request(transactionId));

		assertThat(voided.getState()).isEqualTo(PaymentState.VOIDED);
		assertThat(late.isApproved()).isFalse();
		assertThat(late.getReason()).contains("voided");
	}

	@Test
	void capturingAnUnknownTransactionIsAClientFault() {
		SoapFaultClientException fault = catchThrowableOfType(SoapFaultClientException.class,
				() -> client().marshalSendAndReceive(capture("txn-never-authorised")));

		assertThat(fault.getFaultStringOrReason()).contains("No payment has transaction ID txn-never-authorised");
	}

	@Test
	void expiredCardFaultReachesTheJavaClient() {
		AuthorizePaymentRequest expired = request("txn-expired");
		expired.setExpiry("01/20");

		SoapFaultClientException fault = catchThrowableOfType(SoapFaultClientException.class,
				() -> client().marshalSendAndReceive(expired));

		assertThat(fault.getFaultStringOrReason()).contains("the card has expired");
	}

	/**
	 * The security code has a leading zero and is looked for as a whole number: a bare "987" was
	 * found in the milliseconds of a log line's timestamp.
	 */
	@Test
	void fullCardNumberAndSecurityCodeAreNeverLogged(CapturedOutput output) throws Exception {
		postEnvelope(envelope("txn-log-1", CARD, "12/99", "0987", "5.00"));
		postEnvelope(envelope("txn-log-2", "4111111111111112", "12/99", "0987", "5.00"));

		assertThat(output.getAll()).contains("txn-log-1", "****1111")
			.doesNotContain(CARD, "4111111111111112")
			.doesNotContainPattern("(?<!\\d)0987(?!\\d)");
	}

	static AuthorizePaymentRequest request(String transactionId) {
		AuthorizePaymentRequest request = new AuthorizePaymentRequest();
		request.setTransactionId(transactionId);
		request.setCardholderName("Ada Lovelace");
		request.setCardNumber(CARD);
		request.setExpiry("12/99");
		request.setSecurityCode("123");
		request.setAmount(new BigDecimal("12.50"));
		return request;
	}

	static CapturePaymentRequest capture(String transactionId) {
		CapturePaymentRequest request = new CapturePaymentRequest();
		request.setTransactionId(transactionId);
		return request;
	}

	static VoidPaymentRequest voidRequest(String transactionId) {
		VoidPaymentRequest request = new VoidPaymentRequest();
		request.setTransactionId(transactionId);
		return request;
	}

	WebServiceTemplate client() {
		Jaxb2Marshaller marshaller = new Jaxb2Marshaller();
		marshaller.setContextPath(AuthorizePaymentRequest.class.getPackageName());
		WebServiceTemplate template = new WebServiceTemplate(marshaller);
		template.setDefaultUri(base() + "/ws");
		template.setMessageSender(new JdkHttpClientMessageSender(this.http));
		return template;
	}

	HttpResponse<String> postEnvelope(String envelope) throws IOException, InterruptedException {
		return post(envelope, "text/xml; charset=utf-8");
	}

	HttpResponse<String> post(String body, String contentType) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create(base() + "/ws"))
			.header("Content-Type", contentType)
			.header("SOAPAction", "\"\"")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	/** Sent with Transfer-Encoding: chunked, no Content-Length. */
	HttpResponse<String> postChunked(String envelope) throws IOException, InterruptedException {
		byte[] body = envelope.getBytes(StandardCharsets.UTF_8);
		return this.http.send(HttpRequest.newBuilder(URI.create(base() + "/ws"))
			.version(HttpClient.Version.HTTP_1_1)
			.header("Content-Type", "text/xml; charset=utf-8")
			.header("SOAPAction", "\"\"")
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	static String envelope(String transactionId, String card, String expiry, String code, String amount) {
		return """
				<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
				                  xmlns:pay="urn:marketplace:payments:v1">
				  <soapenv:Header/>
				  <soapenv:Body>
				    <pay:AuthorizePaymentRequest>
				      <pay:transactionId>%s</pay:transactionId>
				      <pay:cardholderName>Ada Lovelace</pay:cardholderName>
				      <pay:cardNumber>%s</pay:cardNumber>
				      <pay:expiry>%s</pay:expiry>
				      <pay:securityCode>%s</pay:securityCode>
				      <pay:amount>%s</pay:amount>
				    </pay:AuthorizePaymentRequest>
				  </soapenv:Body>
				</soapenv:Envelope>""".formatted(transactionId, card, expiry, code, amount);
	}

	String base() {
		return "https://127.0.0.1:" + this.port;
	}

}
