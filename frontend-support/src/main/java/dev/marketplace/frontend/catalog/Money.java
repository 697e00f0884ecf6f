package dev.marketplace.frontend.catalog;

import java.math.BigDecimal;

/** Money crosses gRPC as whole cents, so no amount is ever rounded on the way. */
public final class Money {

	private Money() {
	}

	/** 1250 cents is 12.5 and 1000 cents is 10: the shortest exact form, never 1E+1. */
	public static BigDecimal fromCents(long cents) {
		BigDecimal amount = BigDecimal.valueOf(cents, 2).stripTrailingZeros();
		return (amount.scale() < 0) ? amount.setScale(0) : amount;
	}

	/** @param amount at most 2 decimals (validated at the REST boundary) */
	public static long toCents(BigDecimal amount) {
		return amount.movePointRight(2).longValueExact();
	}

}
