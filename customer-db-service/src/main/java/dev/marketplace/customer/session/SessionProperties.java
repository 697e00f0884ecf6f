package dev.marketplace.customer.session;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param idleTimeout how long a session lives without a request (MARKETPLACE.md: 5 minutes)
 * @param recheckAfter how long this instance lets a session it found live through without
 * reading the table again; a logout at another instance takes this long to reach it, a logout
 * here none. Zero reads the table on every request.
 */
@ConfigurationProperties("marketplace.sessions")
record SessionProperties(Duration idleTimeout, Duration recheckAfter) {

	SessionProperties {
		idleTimeout = (idleTimeout == null) ? Duration.ofMinutes(5) : idleTimeout;
		recheckAfter = (recheckAfter == null) ? Duration.ofSeconds(1) : recheckAfter;
		if (idleTimeout.isNegative() || idleTimeout.isZero()) {
			throw new IllegalArgumentException("marketplace.sessions.idle-timeout must be positive");
		}
		if (recheckAfter.isNegative() || recheckAfter.compareTo(idleTimeout) >= 0) {
			throw new IllegalArgumentException(
					"marketplace.sessions.recheck-after must be zero or more and shorter than the idle timeout");
		}
	}

}
