package dev.marketplace.customer.purchase;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param checkoutLease how long a checkout stays its request's: once it runs out, a buyer-service
 * may claim the checkout to finish or undo it
 */
@ConfigurationProperties("marketplace.purchases")
record PurchaseProperties(Duration checkoutLease) {

	PurchaseProperties {
		if (checkoutLease == null || checkoutLease.isNegative() || checkoutLease.isZero()) {
			throw new IllegalArgumentException("marketplace.purchases.checkout-lease must be positive");
		}
	}

}
