package dev.marketplace.customer.purchase;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import dev.marketplace.grpc.MarketplaceException;

import org.springframework.stereotype.Service;

/**
 * Purchases whose payment was approved but whose stock the product database could not confirm
 * then. The buyer-services keep them here and try again to confirm them until they can, so a
 * buyer-service that stops meanwhile loses none.
 */
@Service
public class UnconfirmedPayments {

	static final int MAX_BATCH = 100;

	private final UnconfirmedPaymentRepository payments;

	private final Clock clock;

	UnconfirmedPayments(UnconfirmedPaymentRepository payments, Clock clock) {
		this.payments = payments;
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
		this.payments.keep(purchaseId, buyerId, this.clock.instant());
	}

	/** The kept purchases, the oldest first. */
	public List<Kept> oldest(int limit) {
		if (limit < 1 || limit > MAX_BATCH) {
			throw MarketplaceException.invalidArgument("limit must be 1 to " + MAX_BATCH);
		}
		return this.payments.findOldest(limit).stream().map(UnconfirmedPayment::toKept).toList();
	}

	/** @return how many of the purchases were kept until now */
	public int forget(List<String> purchaseIds) {
		if (purchaseIds.size() > MAX_BATCH) {
			throw MarketplaceException.invalidArgument("at most " + MAX_BATCH + " purchase IDs at once");
		}
		if (purchaseIds.isEmpty()) {
			return 0;
		}
		return this.payments.forget(purchaseIds);
	}

	/** A kept purchase. */
	public record Kept(String purchaseId, long buyerId, Instant keptAt) {
	}

}
