package dev.marketplace.grpc;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.grpc.Metadata;
import io.micrometer.tracing.propagation.Propagator;

/**
 * Trace context headers ({@code traceparent}, {@code tracestate}) read from and written to gRPC
 * metadata, for both ends of a call. Each header's key is made once: the propagator asks for the
 * same few names on every call.
 */
public final class TraceHeaders {

	private static final Map<String, Metadata.Key<String>> KEYS = new ConcurrentHashMap<>();

	/** Reads a trace context header of an incoming call. */
	public static final Propagator.Getter<Metadata> GETTER = (headers, name) -> headers.get(key(name));

	/** Writes a trace context header of an outgoing call. */
	public static final Propagator.Setter<Metadata> SETTER = (headers, name, value) -> headers.put(key(name), value);

	private TraceHeaders() {
	}

	private static Metadata.Key<String> key(String name) {
		return KEYS.computeIfAbsent(name, (header) -> Metadata.Key.of(header, Metadata.ASCII_STRING_MARSHALLER));
	}

}
