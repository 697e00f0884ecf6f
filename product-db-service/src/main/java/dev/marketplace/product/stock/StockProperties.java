package dev.marketplace.product.stock;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param reservationTtl how long a reservation neither confirmed nor released holds its stock
 * @param sweepInterval how often reservations past their TTL are released (read by the sweep's
 * {@code @Scheduled}; here to be checked)
 */
@ConfigurationProperties("marketplace.stock")
record StockProperties(Duration reservationTtl, Duration sweepInterval) {

	StockProperties {
		if (reservationTtl == null || reservationTtl.isNegative() || reservationTtl.isZero()) {
			throw new IllegalArgumentException("marketplace.stock.reservation-ttl must be positive");
		}
		if (sweepInterval == null || sweepInterval.isNegative() || sweepInterval.isZero()) {
			throw new IllegalArgumentException("marketplace.stock.sweep-interval must be positive");
		}
	}

}
