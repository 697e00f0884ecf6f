package dev.marketplace.buyer.purchase;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param url the payment service's SOAP endpoint (HTTPS)
 * @param timeout how long one attempt of a SOAP call waits for the service: to connect (TLS
 * handshake included), then for each part of the answer
 */
@ConfigurationProperties("marketplace.payments")
record PaymentProperties(URI url, Duration timeout) {

	PaymentProperties {
		if (url == null) {
			throw new IllegalArgumentException("marketplace.payments.url must be set");
		}
		if (timeout == null || timeout.isNegative() || timeout.isZero()) {
			throw new IllegalArgumentException("marketplace.payments.timeout must be positive");
		}
	}

}
