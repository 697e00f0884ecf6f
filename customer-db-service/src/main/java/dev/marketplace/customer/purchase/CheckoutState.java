package dev.marketplace.customer.purchase;

/** Where a checkout stands: running under a lease, or ended one of three ways. */
enum CheckoutState {

	RUNNING, COMPLETED, REFUSED, ABANDONED

}
