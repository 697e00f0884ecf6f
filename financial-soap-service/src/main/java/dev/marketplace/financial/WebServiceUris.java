package dev.marketplace.financial;

import io.micrometer.common.KeyValue;

import org.springframework.http.server.observation.DefaultServerRequestObservationConvention;
import org.springframework.http.server.observation.ServerRequestObservationContext;

/**
 * Labels the payment service's requests by their path in {@code http.server.requests}: Spring-WS's
 * servlet matches no Spring MVC pattern, so every request was {@code uri="UNKNOWN"}. Only the
 * service's own paths are named; anything else keeps the default label, so a caller cannot grow
 * the metric's series.
 */
class WebServiceUris extends DefaultServerRequestObservationConvention {

	static final String ENDPOINT = "/ws";

	static final String WSDL = "/ws/payments.wsdl";

	@Override
	protected KeyValue uri(ServerRequestObservationContext context) {
		String path = context.getCarrier().getRequestURI();
		if (context.getPathPattern() == null && (ENDPOINT.equals(path) || WSDL.equals(path))) {
			return KeyValue.of("uri", path);
		}
		return super.uri(context);
	}

}
