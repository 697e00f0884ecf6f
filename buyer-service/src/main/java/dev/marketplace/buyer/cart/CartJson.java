package dev.marketplace.buyer.cart;

import java.math.BigDecimal;
import java.util.List;

/** The Cart object of REST-API.md. */
record CartJson(List<Line> items, BigDecimal total) {

	/** One item in the cart, with its current name and price. */
	record Line(String itemId, int quantity, String name, BigDecimal unitPrice) {
	}

}
