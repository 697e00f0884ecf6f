package dev.marketplace.frontend.grpc;

import dev.marketplace.grpc.TraceHeaders;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall.SimpleForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;

/**
 * Sends the current trace context (W3C {@code traceparent}) with every call, so the database
 * service continues the request's trace. No client span: the request's own span is the parent,
 * which keeps the cost to writing one header (Spring gRPC's Observation-based instrumentation
 * is off in the frontends for its CPU cost).
 */
final class TraceContextClientInterceptor implements ClientInterceptor {

	private final Tracer tracer;

	private final Propagator propagator;

	TraceContextClientInterceptor(Tracer tracer, Propagator propagator) {
		this.tracer = tracer;
		this.propagator = propagator;
	}

	@Override
	public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
		Span current = this.tracer.currentSpan();
		ClientCall<Q, R> call = next.newCall(method, options);
		if (current == null) {
			return call;
		}
		return new SimpleForwardingClientCall<>(call) {

			@Override
			public void start(Listener<R> responses, Metadata headers) {
				TraceContextClientInterceptor.this.propagator.inject(current.context(), headers, TraceHeaders.SETTER);
				super.start(responses, headers);
			}

		};
	}

}
