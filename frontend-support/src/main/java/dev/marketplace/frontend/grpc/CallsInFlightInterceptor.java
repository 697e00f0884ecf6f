package dev.marketplace.frontend.grpc;

import dev.marketplace.grpc.CallsInFlight;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;

/**
 * Tells the database service, with each call, how many calls are in flight on its channel
 * ({@link CallsInFlight}): it serves calls that arrive alone on its event loop and gives those
 * that arrive behind others threads of their own. The channel's bulkhead already counts them: this
 * interceptor goes nearer the channel than the {@link ResilienceInterceptor} holding the bulkhead,
 * so the count includes the call itself.
 */
final class CallsInFlightInterceptor implements ClientInterceptor {

	private final Bulkhead bulkhead;

	CallsInFlightInterceptor(Bulkhead bulkhead) {
		this.bulkhead = bulkhead;
	}

	@Override
	public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
		return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {

			@Override
			public void start(Listener<R> listener, Metadata headers) {
				Bulkhead.Metrics calls = CallsInFlightInterceptor.this.bulkhead.getMetrics();
				int inFlight = calls.getMaxAllowedConcurrentCalls() - calls.getAvailableConcurrentCalls();
				headers.put(CallsInFlight.HEADER, Integer.toString(inFlight));
				super.start(listener, headers);
			}

		};
	}

}
