package dev.marketplace.customer.purchase;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** A completed purchase as the buyer's history keeps it. */
public record PurchaseRecord(String id, long buyerId, Instant purchasedAt, BigDecimal total, List<Line> lines) {

	/** The units bought, over every line. */
	long units() {
		return this.lines.stream().mapToLong(Line::quantity).sum();
	}

	/** Units of one item bought from its seller at a unit price. */
	public record Line(String itemId, int quantity, BigDecimal unitPrice, long sellerId) {
	}

}
