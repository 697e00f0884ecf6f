package dev.marketplace.buyer.purchase;

import java.util.List;

import dev.marketplace.frontend.grpc.DatabaseClients;
import dev.marketplace.proto.customer.v1.Checkout;
import dev.marketplace.proto.customer.v1.ClaimStalledCheckoutsRequest;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Checkouts whose run stopped half-way (a dependency failed past the retries, or the
 * buyer-service running it stopped) and whose lease ran out: each is claimed by one buyer-service
 * and finished or undone by {@link PurchaseSaga#recover}. One that fails again is claimed again
 * once its new lease runs out.
 */
@Component
class StalledCheckouts {

	private static final Logger logger = LoggerFactory.getLogger(StalledCheckouts.class);

	private final PurchaseServiceBlockingStub purchases;

	private final PurchaseSaga saga;

	private final int batch;

	StalledCheckouts(PurchaseServiceBlockingStub purchases, PurchaseSaga saga, PurchaseProperties properties) {
		this.purchases = DatabaseClients.forBackgroundTasks(purchases);
		this.saga = saga;
		this.batch = properties.recovery().batch();
	}

	@Scheduled(initialDelayString = "${marketplace.purchases.recovery.check-every}",
			fixedDelayString = "${marketplace.purchases.recovery.check-every}")
	void finishOrUndo() {
		List<Checkout> stalled;
		try {
			stalled = this.purchases
				.claimStalledCheckouts(ClaimStalledCheckoutsRequest.newBuilder().setLimit(this.batch).build())
				.getCheckoutsList();
		}
		catch (RuntimeException ex) {
			// Asked every few seconds: an outage would repeat a warning all through it.
			logger.debug("Could not look for stalled checkouts now: {}", ex.toString());
			return;
		}
		for (Checkout checkout : stalled) {
			try {
				this.saga.recover(checkout);
			}
			catch (RuntimeException ex) {
				logger.warn("Could not finish or undo purchase {} now; it is tried again when its lease runs out: {}",
						checkout.getPurchaseId(), ex.toString());
			}
		}
	}

}
