package dev.marketplace.financial.payment;

import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.context.annotation.Configuration;
import org.springframework.ws.config.annotation.WsConfigurer;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.EndpointInterceptor;
import org.springframework.ws.server.endpoint.MethodEndpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.soap.SoapMessage;

/**
 * Times every SOAP operation by its outcome, as {@code marketplace.payments.requests}
 * ({@code operation}: the request's element, {@code outcome}: approved, declined,
 * invalid_card, invalid_request or error). First of the interceptors, so a request the schema
 * refuses is counted too.
 */
@Configuration(proxyBeanMethods = false)
class PaymentMetrics implements WsConfigurer {

	/** The message context property the endpoint sets to the outcome it answered with. */
	static final String OUTCOME = PaymentMetrics.class.getName() + ".outcome";

	private static final String START = PaymentMetrics.class.getName() + ".start";

	private final MeterRegistry registry;

	PaymentMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void addInterceptors(List<EndpointInterceptor> interceptors) {
		interceptors.add(0, new Timing());
	}

	private final class Timing implements EndpointInterceptor {

		@Override
		public boolean handleRequest(MessageContext context, Object endpoint) {
			context.setProperty(START, Timer.start(PaymentMetrics.this.registry));
			return true;
		}

		@Override
		public boolean handleResponse(MessageContext context, Object endpoint) {
			return true;
		}

		@Override
		public boolean handleFault(MessageContext context, Object endpoint) {
			return true;
		}

		@Override
		public void afterCompletion(MessageContext context, Object endpoint, Exception failure) {
			if (!(context.getProperty(START) instanceof Timer.Sample sample)) {
				return;
			}
			sample.stop(Timer.builder("marketplace.payments.requests")
				.description("SOAP operations of the payment service, by outcome")
				.tag("operation", operation(endpoint))
				.tag("outcome", outcome(context, failure))
				.register(PaymentMetrics.this.registry));
		}

		/** The request element's name without its suffix: AuthorizePayment. */
		private static String operation(Object endpoint) {
			PayloadRoot root = (endpoint instanceof MethodEndpoint method)
					? method.getMethod().getAnnotation(PayloadRoot.class) : null;
			return (root != null) ? root.localPart().replaceFirst("Request$", "") : "unknown";
		}

		private static String outcome(MessageContext context, Exception failure) {
			if (context.getProperty(OUTCOME) instanceof String outcome) {
				return outcome;
			}
			if (failure == null && context.hasResponse() && context.getResponse() instanceof SoapMessage response
					&& response.getSoapBody().hasFault()) {
				// Refused before the endpoint ran: the request is outside the schema.
				return "invalid_request";
			}
			return "error";
		}

	}

}
