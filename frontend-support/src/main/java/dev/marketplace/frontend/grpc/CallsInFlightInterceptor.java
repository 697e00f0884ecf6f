package dev.marketplace.frontend.grpc;

import java.util.concurrent.atomic.AtomicInteger;

import dev.marketplace.grpc.CallsInFlight;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;

/**
 * Counts the calls in flight on one channel and tells the database service, with each call, how
 * many there are ({@link CallsInFlight}): it serves calls that arrive alone on its event loop and
 * gives those that arrive behind others threads of their own.
 */
final class CallsInFlightInterceptor implements ClientInterceptor {

	private final AtomicInteger inFlight = new AtomicInteger();

	@Override
	public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
		ClientCall<Q, R> counted = new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {

			@Override
			public void start(Listener<R> listener, Metadata headers) {
				headers.put(CallsInFlight.HEADER, Integer.toString(CallsInFlightInterceptor.this.inFlight.incrementAndGet()));
				super.start(listener, headers);
			}

		};
		return CallCompletion.whenClosed(counted, (status) -> this.inFlight.decrementAndGet());
	}

}
