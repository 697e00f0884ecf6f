package dev.marketplace.frontend.grpc;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.marketplace.frontend.FrontendProperties;
import dev.marketplace.grpc.CallsInFlight;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.stub.AbstractStub;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.grpc.MetricCollectingClientInterceptor;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.grpc.client.autoconfigure.GrpcClientDefaultServiceConfigCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.grpc.client.GrpcChannelFactory;

/**
 * The channels to the database services ({@link DatabaseStubs} calls through them), one per
 * service (one HTTP/2 connection, multiplexed) behind one circuit breaker. The channels
 * {@value #CUSTOMER_DB} and {@value #PRODUCT_DB} take their targets and deadlines from
 * {@code spring.grpc.client.channel.*} in application.yml.
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseClients {

	public static final String CUSTOMER_DB = "customer-db";

	public static final String PRODUCT_DB = "product-db";

	private static final long FIRST_CONNECTION_RETRY_MILLIS = 200;

	private static final Duration FIRST_CONNECTION_FAST_RETRIES = Duration.ofSeconds(60);

	/** Retries idempotent calls that failed with UNAVAILABLE; see {@link IdempotentRetries}. */
	@Bean
	GrpcClientDefaultServiceConfigCustomizer idempotentRetries(FrontendProperties frontend) {
		return IdempotentRetries.customizer(frontend.grpcRetryAttempts());
	}

	/**
	 * Per-method call counts and durations by status ({@code grpc.client.*}), in place of the
	 * Observation-based instrumentation (spring.grpc.client.observation.enabled, off in the
	 * frontends): that spent about a fifth of a frontend's CPU under load on contexts, scopes and
	 * events nobody reads (docs/performance/design.md).
	 */
	@Bean
	MetricCollectingClientInterceptor grpcClientMetrics(MeterRegistry registry) {
		return new MetricCollectingClientInterceptor(registry);
	}

	/**
	 * The request's trace context sent with every call ({@link TraceContextClientInterceptor}); with
	 * tracing off ({@code management.tracing.enabled=false}) there is none to send.
	 */
	@Bean
	TraceContextClientInterceptor grpcTraceContext(ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator) {
		return new TraceContextClientInterceptor(tracer.getIfAvailable(() -> Tracer.NOOP),
				propagator.getIfAvailable(() -> Propagator.NOOP));
	}

	@Bean
	Channel customerDbChannel(GrpcChannelFactory channels, CircuitBreakerRegistry circuitBreakers,
			BulkheadRegistry bulkheads, MetricCollectingClientInterceptor metrics,
			TraceContextClientInterceptor traceContext) {
		return resilient(channels, CUSTOMER_DB, circuitBreakers, bulkheads, metrics, traceContext);
	}

	@Bean
	Channel productDbChannel(GrpcChannelFactory channels, CircuitBreakerRegistry circuitBreakers,
			BulkheadRegistry bulkheads, MetricCollectingClientInterceptor metrics,
			TraceContextClientInterceptor traceContext) {
		return resilient(channels, PRODUCT_DB, circuitBreakers, bulkheads, metrics, traceContext);
	}

	/**
	 * One channel per database service behind its circuit breaker and bulkhead (settings under
	 * {@code resilience4j.*} in application.yml), reconnecting as soon as a call finds it down,
	 * and telling the service with each call how many are in flight ({@link CallsInFlight}).
	 * The channel factory shuts the channels down.
	 */
	private static Channel resilient(GrpcChannelFactory channels, String name, CircuitBreakerRegistry circuitBreakers,
			BulkheadRegistry bulkheads, MetricCollectingClientInterceptor metrics,
			TraceContextClientInterceptor traceContext) {
		// The last interceptor runs first: calls refused by the circuit or bulkhead are counted too.
		ManagedChannel channel = connectingNow(channels.createChannel(name));
		Bulkhead bulkhead = bulkheads.bulkhead(name);
		return ClientInterceptors.intercept(channel, traceContext, new CallsInFlightInterceptor(bulkhead),
				new ReconnectOnUnavailable(channel),
				new ResilienceInterceptor(circuitBreakers.circuitBreaker(name), bulkhead), metrics);
	}

	/**
	 * Connects at start rather than on the first call: a cold JVM's first TLS handshake took 2.3 s
	 * in a slow hour, and the first requests after a start ran past their 3-s deadline. Until the
	 * first connection is made, a refused attempt is tried again every
	 * {@value #FIRST_CONNECTION_RETRY_MILLIS} ms instead of after gRPC's growing backoff: a frontend
	 * that started before its database service listened failed every call for up to that backoff
	 * (4 s and more) after the service was up. The channel is polled rather than watched, because
	 * it stays in TRANSIENT_FAILURE through all its failed attempts and tells of no change until it
	 * connects. After a minute without a connection, the service is down rather than starting, and
	 * gRPC's backoff takes over.
	 */
	static ManagedChannel connectingNow(ManagedChannel channel) {
		return connectingNow(channel, FIRST_CONNECTION_FAST_RETRIES);
	}

	static ManagedChannel connectingNow(ManagedChannel channel, Duration fastRetries) {
		retryUntilFirstConnected(channel, System.nanoTime() + fastRetries.toNanos());
		return channel;
	}

	private static void retryUntilFirstConnected(ManagedChannel channel, long fastRetriesEndNanos) {
		ConnectivityState state = channel.getState(true);
		if (state == ConnectivityState.READY || state == ConnectivityState.SHUTDOWN
				|| System.nanoTime() - fastRetriesEndNanos > 0) {
			return;
		}
		if (state == ConnectivityState.TRANSIENT_FAILURE) {
			channel.resetConnectBackoff();
		}
		CompletableFuture.delayedExecutor(FIRST_CONNECTION_RETRY_MILLIS, TimeUnit.MILLISECONDS)
			.execute(() -> retryUntilFirstConnected(channel, fastRetriesEndNanos));
	}

	/**
	 * The stub a background task calls through: refused while the circuit is open, as a request's
	 * call is, but not counted in it ({@link ResilienceInterceptor}).
	 */
	public static <S extends AbstractStub<S>> S forBackgroundTasks(S stub) {
		return stub.withOption(ResilienceInterceptor.BACKGROUND, Boolean.TRUE);
	}

}
