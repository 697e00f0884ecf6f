package dev.marketplace.frontend;

import java.time.Duration;

import dev.marketplace.proto.customer.v1.Role;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param role whose sessions this frontend accepts: SELLER or BUYER
 * @param maxRequestBytes the largest request body; a larger one is answered 413
 * @param grpcRetryAttempts attempts of an idempotent gRPC call that failed UNAVAILABLE, the first
 * included
 * @param passwordCallDeadline deadline of a login or sign-up: in a burst it waits its turn for a core
 * to hash its password
 */
@ConfigurationProperties("marketplace.frontend")
public record FrontendProperties(Role role, long maxRequestBytes, int grpcRetryAttempts,
		Duration passwordCallDeadline) {

	public FrontendProperties {
		if (role != Role.SELLER && role != Role.BUYER) {
			throw new IllegalArgumentException("marketplace.frontend.role must be SELLER or BUYER");
		}
		if (maxRequestBytes < 1) {
			throw new IllegalArgumentException("marketplace.frontend.max-request-bytes must be 1 or more");
		}
		if (grpcRetryAttempts < 1) {
			throw new IllegalArgumentException("marketplace.frontend.grpc-retry-attempts must be 1 or more");
		}
		if (passwordCallDeadline == null || passwordCallDeadline.isNegative() || passwordCallDeadline.isZero()) {
			throw new IllegalArgumentException("marketplace.frontend.password-call-deadline must be positive");
		}
	}

}
