package dev.marketplace.customer.cart;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param maxLines how many different items a cart may hold. Every cart call answers with all of
 * the cart's lines, and a purchase reserves them in one transaction, so an unbounded cart would
 * grow both until the answer passed gRPC's 4 MB message limit and the reservation held thousands
 * of rows locked. Default 100, the most a list answer of the REST API holds.
 */
@ConfigurationProperties("marketplace.carts")
record CartProperties(Integer maxLines) {

	private static final int DEFAULT_MAX_LINES = 100;

	CartProperties {
		maxLines = (maxLines == null) ? DEFAULT_MAX_LINES : maxLines;
		if (maxLines < 1) {
			throw new IllegalArgumentException("marketplace.carts.max-lines must be 1 or more");
		}
	}

}
