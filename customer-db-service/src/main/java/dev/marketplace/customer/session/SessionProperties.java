package dev.marketplace.customer.session;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param idleTimeout how long a session lives without a request (MARKETPLACE.md: 5 minutes)
 */
@ConfigurationProperties("marketplace.sessions")
record SessionProperties(Duration idleTimeout) {

	SessionProperties {
		idleTimeout = (idleTimeout == null) ? Duration.ofMinutes(5) : idleTimeout;
		if (idleTimeout.isNegative() || idleTimeout.isZero()) {
			throw new IllegalArgumentException("marketplace.sessions.idle-timeout must be positive");
		}
	}

}
