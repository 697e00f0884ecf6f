package dev.marketplace.buyer.purchase;

import dev.marketplace.proto.customer.v1.Purchase;

/**
 * How a MakePurchase request ended, for {@link PurchaseController} to answer. A dependency that
 * fails is not an outcome: it is thrown, and answered 503 like any other call's.
 */
sealed interface PurchaseOutcome {

	/** The cart was bought and paid for (201). */
	record Bought(Purchase purchase) implements PurchaseOutcome {
	}

	/** Nothing was bought, for a reason every repeat of its Idempotency-Key is answered. */
	record Refused(Refusal refusal) implements PurchaseOutcome {
	}

	/**
	 * The stock went back on sale before it could be sold (its reservation ran out) and the
	 * payment was voided: nothing was bought or charged, and the cart is as it was (503).
	 */
	record Undone(String purchaseId) implements PurchaseOutcome {
	}

	/** Another request with the same Idempotency-Key is still running it (409, Retry-After). */
	record StillRunning() implements PurchaseOutcome {
	}

	/** The Idempotency-Key came before with a different request (422). */
	record KeyReused() implements PurchaseOutcome {
	}

}
