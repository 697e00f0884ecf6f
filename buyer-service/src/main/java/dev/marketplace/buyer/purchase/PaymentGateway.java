package dev.marketplace.buyer.purchase;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.function.Supplier;

import dev.marketplace.frontend.web.DependencyUnavailableException;
import dev.marketplace.payment.contract.AuthorizePaymentRequest;
import dev.marketplace.payment.contract.AuthorizePaymentResponse;
import dev.marketplace.payment.contract.CapturePaymentRequest;
import dev.marketplace.payment.contract.VoidPaymentRequest;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.stereotype.Component;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.client.support.interceptor.ClientInterceptor;
import org.springframework.ws.soap.client.SoapFaultClientException;
import org.springframework.ws.transport.http.HttpComponents5ClientFactory;
import org.springframework.ws.transport.http.SimpleHttpComponents5MessageSender;

/**
 * The financial service over SOAP: authorise, capture, void. Each behind a retry (safe: the
 * transaction ID makes every operation idempotent), a circuit breaker and a bulkhead, all named
 * {@value #NAME}.
 */
@Component
class PaymentGateway implements DisposableBean {

	static final String NAME = "payments";

	private static final String TLS_BUNDLE = "internal";

	private static final Logger logger = LoggerFactory.getLogger(PaymentGateway.class);

	/** How long a pooled connection may sit idle before it is checked with a read before reuse. */
	private static final TimeValue CHECK_AFTER_IDLE = TimeValue.ofSeconds(2);

	/** Idle connections are closed after this, well before the payment service's keep-alive ends. */
	private static final TimeValue CLOSE_AFTER_IDLE = TimeValue.ofSeconds(15);

	private final SimpleHttpComponents5MessageSender sender;

	private final WebServiceTemplate soap;

	private final Retry retry;

	private final CircuitBreaker circuitBreaker;

	private final Bulkhead bulkhead;

	/**
	 * Over HTTPS, presenting this service's certificate and trusting only the CA of the SSL bundle
	 * {@value #TLS_BUNDLE} (marketplace-tls.yml): the payment service answers no one else. Each call
	 * blocks its own (virtual) thread on a kept-alive connection; the pool holds as many connections
	 * as the bulkhead lets calls through, so no call waits for one.
	 */
	PaymentGateway(PaymentProperties properties, SslBundles sslBundles,
			RetryRegistry retries, CircuitBreakerRegistry circuitBreakers, BulkheadRegistry bulkheads,
			ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator) throws Exception {
		this.retry = retries.retry(NAME);
		this.circuitBreaker = circuitBreakers.circuitBreaker(NAME);
		this.bulkhead = bulkheads.bulkhead(NAME);
		Jaxb2Marshaller marshaller = new Jaxb2Marshaller();
		marshaller.setContextPath(AuthorizePaymentRequest.class.getPackageName());
		marshaller.afterPropertiesSet();
		this.sender = new SimpleHttpComponents5MessageSender(httpsClient(properties,
				new DefaultClientTlsStrategy(sslBundles.getBundle(TLS_BUNDLE).createSslContext()),
				this.bulkhead.getBulkheadConfig().getMaxConcurrentCalls()));
		this.soap = new WebServiceTemplate(marshaller);
		this.soap.setMessageSender(this.sender);
		this.soap.setDefaultUri(properties.url().toString());
		this.soap.setInterceptors(new ClientInterceptor[] { new TraceContextSoapInterceptor(
				tracer.getIfAvailable(() -> Tracer.NOOP), propagator.getIfAvailable(() -> Propagator.NOOP)) });
	}

	/**
	 * The timeout is set once, on the connections (no request-level timeout overrides it): it bounds
	 * connecting with its TLS handshake, and then every wait for a part of the answer.
	 */
	private static CloseableHttpClient httpsClient(PaymentProperties properties, DefaultClientTlsStrategy tls,
			int connections) {
		Timeout timeout = Timeout.of(properties.timeout());
		PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
			.setTlsSocketStrategy(tls)
			.setMaxConnTotal(connections)
			.setMaxConnPerRoute(connections)
			.setDefaultConnectionConfig(ConnectionConfig.custom()
				.setConnectTimeout(timeout)
				.setSocketTimeout(timeout)
				.setValidateAfterInactivity(CHECK_AFTER_IDLE)
				.build())
			.build();
		// Every connection presents the same certificate, so any of them serves any call: without
		// disableConnectionState, a connection is kept for its TLS principal and no call made
		// without one reuses it. The length headers Spring-WS sets come off: HttpClient sets its own
		// and refuses a request that already has them.
		return HttpClients.custom()
			.setConnectionManager(pool)
			.addRequestInterceptorFirst(new HttpComponents5ClientFactory.RemoveSoapHeadersInterceptor())
			.disableConnectionState()
			.evictIdleConnections(CLOSE_AFTER_IDLE)
			.build();
	}

	/** Closes the pooled connections. */
	@Override
	public void destroy() throws Exception {
		this.sender.destroy();
	}

	/**
	 * Asks for the payment to be authorised: the amount is held on the card until it is captured
	 * or voided.
	 * @throws PaymentUnavailableException if the service cannot be reached or answer in time
	 */
	Outcome authorize(String transactionId, PurchaseRequest card, BigDecimal amount) {
		AuthorizePaymentRequest request = new AuthorizePaymentRequest();
		request.setTransactionId(transactionId);
		request.setCardholderName(card.cardholderName());
		request.setCardNumber(card.cardNumber());
		request.setExpiry(card.expiry());
		request.setSecurityCode(card.securityCode());
		request.setAmount(amount);
		return resilient(transactionId, () -> {
			try {
				AuthorizePaymentResponse response = (AuthorizePaymentResponse) this.soap.marshalSendAndReceive(request);
				return response.isApproved() ? new Outcome.Approved(response.getAuthorizationCode())
						: new Outcome.Declined(response.getReason());
			}
			catch (SoapFaultClientException ex) {
				// The service's answer (bad card data), unless it is the service's own failure.
				return new Outcome.Rejected(refusal(ex));
			}
		});
	}

	/**
	 * Charges an authorised payment; capturing it again changes nothing.
	 * @throws PaymentRefusedException if the payment is not authorised (voided, declined, unknown)
	 * @throws PaymentUnavailableException if the service cannot be reached or answer in time
	 */
	void capture(String transactionId) {
		CapturePaymentRequest request = new CapturePaymentRequest();
		request.setTransactionId(transactionId);
		settle(transactionId, request);
	}

	/**
	 * Releases an authorisation's hold, so nothing is charged; voiding one never made records it
	 * voided, so it cannot be authorised later.
	 * @throws PaymentRefusedException if the payment was captured
	 * @throws PaymentUnavailableException if the service cannot be reached or answer in time
	 */
	void voidPayment(String transactionId) {
		VoidPaymentRequest request = new VoidPaymentRequest();
		request.setTransactionId(transactionId);
		settle(transactionId, request);
	}

	private void settle(String transactionId, Object request) {
		Optional<String> refusal = resilient(transactionId, () -> {
			try {
				this.soap.marshalSendAndReceive(request);
				return Optional.empty();
			}
			catch (SoapFaultClientException ex) {
				return Optional.of(refusal(ex));
			}
		});
		if (refusal.isPresent()) {
			throw new PaymentRefusedException(refusal.get());
		}
	}

	/**
	 * Why the service refused the request: a client (SOAP 1.2: sender) fault is about the request
	 * itself. A server (receiver) fault is the service failing, its database busy, say: no decision
	 * was taken, so it is rethrown, to be retried and then answered as unavailable, never as a refusal.
	 */
	static String refusal(SoapFaultClientException fault) {
		String code = fault.getFaultCode().getLocalPart();
		if (!"Client".equals(code) && !"Sender".equals(code)) {
			throw fault;
		}
		return fault.getFaultStringOrReason();
	}

	/** Behind the bulkhead, the circuit breaker and the retry; any failure to get an answer is one. */
	private <T> T resilient(String transactionId, Supplier<T> call) {
		try {
			return Bulkhead
				.decorateSupplier(this.bulkhead, CircuitBreaker.decorateSupplier(this.circuitBreaker,
						Retry.decorateSupplier(this.retry, call)))
				.get();
		}
		catch (RuntimeException ex) {
			logger.warn("Payment service unavailable for transaction {}: {}", transactionId, ex.toString());
			throw new PaymentUnavailableException(ex);
		}
	}

	/** What the financial service decided. */
	sealed interface Outcome {

		record Approved(String authorizationCode) implements Outcome {
		}

		record Declined(String reason) implements Outcome {
		}

		/** Malformed card data. */
		record Rejected(String reason) implements Outcome {
		}

	}

	/** The payment service refused to capture or void the payment, saying why. */
	static class PaymentRefusedException extends RuntimeException {

		PaymentRefusedException(String reason) {
			super(reason);
		}

	}

	/** The payment service could not be reached, timed out, or its circuit is open. */
	static class PaymentUnavailableException extends DependencyUnavailableException {

		PaymentUnavailableException(Throwable cause) {
			super("The payment service is unavailable", cause);
		}

	}

}
