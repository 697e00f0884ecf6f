package dev.marketplace.customer.purchase;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

import dev.marketplace.grpc.MarketplaceException;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/**
 * Purchases whose payment was approved but whose stock the product database could not confirm
 * then. The buyer-services keep them here and try again to confirm them until they can, so a
 * buyer-service that stops meanwhile loses none.
 */
@Service
public class UnconfirmedPayments {

	static final int MAX_BATCH = 100;

	private final JdbcClient jdbc;

	private final Clock clock;

	UnconfirmedPayments(JdbcClient jdbc, Clock clock) {
		this.jdbc = jdbc;
		this.clock = clock;
	}

	/** Keeps a purchase; keeping one kept already changes nothing. */
	public void keep(String purchaseId, long buyerId) {
		if (!PurchaseService.isPurchaseId(purchaseId)) {
			throw MarketplaceException.invalidArgument("purchase ID must be a UUID");
		}
		if (buyerId <= 0) {
			throw MarketplaceException.invalidArgument("buyer ID must be positive");
		}
		this.jdbc.sql("""
				INSERT INTO unconfirmed_payments (purchase_id, buyer_id, kept_at) VALUES (?, ?, ?)
				ON DUPLICATE KEY UPDATE purchase_id = purchase_id""")
			.params(purchaseId, buyerId, LocalDateTime.ofInstant(this.clock.instant(), ZoneOffset.UTC))
			.update();
	}

	/** The kept purchases, the oldest first. */
	public List<Kept> oldest(int limit) {
		if (limit < 1 || limit > MAX_BATCH) {
			throw MarketplaceException.invalidArgument("limit must be 1 to " + MAX_BATCH);
		}
		return this.jdbc
			.sql("SELECT purchase_id, buyer_id, kept_at FROM unconfirmed_payments ORDER BY kept_at, purchase_id LIMIT ?")
			.param(limit)
			.query((row, number) -> new Kept(row.getString("purchase_id"), row.getLong("buyer_id"),
					row.getObject("kept_at", LocalDateTime.class).toInstant(ZoneOffset.UTC)))
			.list();
	}

	/** @return how many of the purchases were kept until now */
	public int forget(List<String> purchaseIds) {
		if (purchaseIds.size() > MAX_BATCH) {
			throw MarketplaceException.invalidArgument("at most " + MAX_BATCH + " purchase IDs at once");
		}
		if (purchaseIds.isEmpty()) {
			return 0;
		}
		return this.jdbc.sql("DELETE FROM unconfirmed_payments WHERE purchase_id IN (:ids)")
			.param("ids", purchaseIds)
			.update();
	}

	/** A kept purchase. */
	public record Kept(String purchaseId, long buyerId, Instant keptAt) {
	}

}
