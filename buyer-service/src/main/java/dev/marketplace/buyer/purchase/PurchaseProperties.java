package dev.marketplace.buyer.purchase;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param fingerprintKey key of the HMAC that tells Idempotency-Key request bodies apart
 * @param waitForConcurrent how long a repeat of a purchase still running waits for its answer
 * @param recovery how checkouts that stopped half-way are looked for
 */
@ConfigurationProperties("marketplace.purchases")
record PurchaseProperties(String fingerprintKey, Duration waitForConcurrent, Recovery recovery) {

	PurchaseProperties {
		if (fingerprintKey == null || fingerprintKey.isBlank()) {
			throw new IllegalArgumentException("marketplace.purchases.fingerprint-key must be set");
		}
		if (waitForConcurrent == null || waitForConcurrent.isNegative()) {
			throw new IllegalArgumentException("marketplace.purchases.wait-for-concurrent must be at least zero");
		}
	}

	/**
	 * @param checkEvery how often to look for checkouts whose lease ran out (read by
	 * {@link StalledCheckouts}' {@code @Scheduled}; here to be checked)
	 * @param batch how many of them one look claims
	 */
	record Recovery(Duration checkEvery, int batch) {

		Recovery {
			if (checkEvery == null || checkEvery.isNegative() || checkEvery.isZero()) {
				throw new IllegalArgumentException("marketplace.purchases.recovery.check-every must be positive");
			}
			if (batch < 1) {
				throw new IllegalArgumentException("marketplace.purchases.recovery.batch must be 1 or more");
			}
		}

	}

}
