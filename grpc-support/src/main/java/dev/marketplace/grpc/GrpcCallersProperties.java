package dev.marketplace.grpc;

import java.util.Map;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which internal callers, by the name on their client certificate, may call each gRPC service of
 * this server ({@link CallerAuthorization}).
 * @param callers the names allowed, by the service's simple name in kebab case ({@code cart-service}
 * for {@code marketplace.customer.v1.CartService}); {@code default} for every service not listed,
 * gRPC's health and reflection services included
 */
@ConfigurationProperties("marketplace.grpc.server")
record GrpcCallersProperties(Map<String, Set<String>> callers) {

	GrpcCallersProperties {
		callers = (callers != null) ? Map.copyOf(callers) : Map.of();
	}

}
