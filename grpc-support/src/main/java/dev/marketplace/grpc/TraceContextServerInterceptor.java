package dev.marketplace.grpc;

import java.util.concurrent.atomic.AtomicBoolean;

import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;

/**
 * Continues the caller's trace: a server span per call, child of the W3C trace context the
 * caller sent ({@code traceparent}), current while the call's code runs, so its log lines carry
 * the trace and span IDs. Lighter than Spring gRPC's Observation-based instrumentation (off in the
 * services for its CPU cost): one span, no observation contexts or events.
 */
final class TraceContextServerInterceptor implements ServerInterceptor {

	private final Tracer tracer;

	private final Propagator propagator;

	TraceContextServerInterceptor(Tracer tracer, Propagator propagator) {
		this.tracer = tracer;
		this.propagator = propagator;
	}

	@Override
	public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
			ServerCallHandler<Q, R> next) {
		Span span = this.propagator.extract(headers, TraceHeaders.GETTER)
			.name(call.getMethodDescriptor().getFullMethodName())
			.kind(Span.Kind.SERVER)
			.start();
		AtomicBoolean ended = new AtomicBoolean();
		ServerCall<Q, R> traced = new SimpleForwardingServerCall<>(call) {

			@Override
			public void close(Status status, Metadata trailers) {
				if (!status.isOk()) {
					span.tag("rpc.grpc.status_code", status.getCode().name());
				}
				try {
					super.close(status, trailers);
				}
				finally {
					end(span, ended);
				}
			}

		};
		ServerCall.Listener<Q> listener;
		try (Tracer.SpanInScope scope = this.tracer.withSpan(span)) {
			listener = next.startCall(traced, headers);
		}
		return new SimpleForwardingServerCallListener<>(listener) {

			@Override
			public void onMessage(Q message) {
				inScope(span, () -> super.onMessage(message));
			}

			@Override
			public void onHalfClose() {
				inScope(span, super::onHalfClose);
			}

			@Override
			public void onCancel() {
				try {
					inScope(span, super::onCancel);
				}
				finally {
					end(span, ended);
				}
			}

			@Override
			public void onComplete() {
				inScope(span, super::onComplete);
			}

			@Override
			public void onReady() {
				inScope(span, super::onReady);
			}

		};
	}

	/** Runs a step of the call with its span current, as the thread serving it may change. */
	private void inScope(Span span, Runnable step) {
		try (Tracer.SpanInScope scope = this.tracer.withSpan(span)) {
			step.run();
		}
	}

	private static void end(Span span, AtomicBoolean ended) {
		if (ended.compareAndSet(false, true)) {
			span.end();
		}
	}

}
