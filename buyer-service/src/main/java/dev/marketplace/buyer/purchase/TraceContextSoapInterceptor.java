package dev.marketplace.buyer.purchase;

import java.io.IOException;
import java.io.UncheckedIOException;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;

import org.springframework.ws.client.support.interceptor.ClientInterceptorAdapter;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.transport.HeadersAwareSenderWebServiceConnection;
import org.springframework.ws.transport.context.TransportContext;
import org.springframework.ws.transport.context.TransportContextHolder;

/**
 * Sends the current trace context (W3C {@code traceparent}) as an HTTP header of every SOAP
 * request, so the payment service continues the purchase's trace.
 */
final class TraceContextSoapInterceptor extends ClientInterceptorAdapter {

	private static final Propagator.Setter<HeadersAwareSenderWebServiceConnection> HEADERS = (connection, name,
			value) -> {
		try {
			connection.addRequestHeader(name, value);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	};

	private final Tracer tracer;

	private final Propagator propagator;

	TraceContextSoapInterceptor(Tracer tracer, Propagator propagator) {
		this.tracer = tracer;
		this.propagator = propagator;
	}

	@Override
	public boolean handleRequest(MessageContext messageContext) {
		Span current = this.tracer.currentSpan();
		TransportContext transport = TransportContextHolder.getTransportContext();
		if (current != null && transport != null
				&& transport.getConnection() instanceof HeadersAwareSenderWebServiceConnection connection) {
			this.propagator.inject(current.context(), connection, HEADERS);
		}
		return true;
	}

}
