package dev.marketplace.product.item;

import java.math.BigDecimal;

import dev.marketplace.grpc.MarketplaceException;

/** Sale prices: more than 0, at most {@value #MAX}, cents exact. */
final class Prices {

	static final String MAX = "99999999.99";

	private static final BigDecimal MAX_PRICE = new BigDecimal(MAX);

	private Prices() {
	}

	static boolean isValid(BigDecimal price) {
		return price.signum() > 0 && price.scale() <= 2 && price.compareTo(MAX_PRICE) <= 0;
	}

	static BigDecimal fromCents(long cents) {
		BigDecimal price = BigDecimal.valueOf(cents, 2);
		if (!isValid(price)) {
			throw MarketplaceException.invalidArgument("price must be more than 0 and at most " + MAX);
		}
		return price;
	}

}
