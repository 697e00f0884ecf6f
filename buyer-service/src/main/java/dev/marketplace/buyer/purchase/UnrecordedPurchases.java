package dev.marketplace.buyer.purchase;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.marketplace.frontend.grpc.DatabaseClients;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.product.v1.ListUnrecordedPurchasesRequest;
import dev.marketplace.proto.product.v1.MarkPurchasesRecordedRequest;
import dev.marketplace.proto.product.v1.StockServiceGrpc.StockServiceBlockingStub;
import dev.marketplace.proto.product.v1.UnrecordedPurchase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.grpc.StatusRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Records the purchases that were paid for and sold but not recorded: MakePurchase confirms the
 * stock, then records the purchase in the customer database, and when that database stays
 * unreachable past the retries the buyer gets a 503 for a purchase that is paid. The product
 * database keeps every confirmed reservation, with its buyer, until it is marked recorded (which
 * MakePurchase does once it has recorded it); this reads the ones older than a live request can
 * be, records each (recording is idempotent by purchase ID, so one its request did record but
 * could not mark is left as it is) and marks them. As MakePurchase would have, recording one takes
 * the units bought out of the buyer's carts: of every session of the buyer, since which one made
 * the purchase is not known, and the saved cart; only those units, since the buyer may have changed
 * the carts since. Several buyer-service instances doing this at once record nothing twice.
 */
@Component
class UnrecordedPurchases {

	private static final Logger logger = LoggerFactory.getLogger(UnrecordedPurchases.class);

	private final StockServiceBlockingStub stock;

	private final PurchaseServiceBlockingStub purchases;

	private final Settings settings;

	private final Counter recordedLate;

	UnrecordedPurchases(StockServiceBlockingStub stock, PurchaseServiceBlockingStub purchases, Settings settings,
			MeterRegistry meters) {
		this.stock = DatabaseClients.forBackgroundTasks(stock);
		this.purchases = DatabaseClients.forBackgroundTasks(purchases);
		this.settings = settings;
		this.recordedLate = Counter.builder("marketplace.purchases.recorded.late")
			.description("Paid purchases recorded (or marked recorded) after their request, which could not")
			.register(meters);
	}

	@Scheduled(initialDelayString = "${marketplace.purchases.unrecorded.check-every:30s}",
			fixedDelayString = "${marketplace.purchases.unrecorded.check-every:30s}")
	void recordPaidPurchases() {
		boolean more = true;
		while (more) {
			more = recordBatch();
		}
	}

	/** @return whether a full batch was recorded and marked, so more may be waiting */
	private boolean recordBatch() {
		List<UnrecordedPurchase> found;
		try {
			found = this.stock.listUnrecordedPurchases(ListUnrecordedPurchasesRequest.newBuilder()
				.setMinAgeMillis(this.settings.after().toMillis())
				.setLimit(this.settings.batch())
				.build()).getPurchasesList();
		}
		catch (StatusRuntimeException ex) {
			logger.warn("Could not look for unrecorded purchases now: {}", BackgroundCalls.brief(ex));
			return false;
		}
		List<String> recorded = new ArrayList<>();
		for (UnrecordedPurchase purchase : found) {
			try {
				record(purchase);
				recorded.add(purchase.getReservationId());
			}
			catch (StatusRuntimeException ex) {
				if (BackgroundCalls.isOutage(ex)) {
					logger.warn("The customer database cannot record paid purchases now; the next round tries again: {}",
							BackgroundCalls.brief(ex));
					break;
				}
				logger.warn("Could not record paid purchase {}; the next round tries again: {}",
						purchase.getReservationId(), BackgroundCalls.brief(ex));
			}
		}
		if (recorded.isEmpty()) {
			return false;
		}
		try {
			this.stock.markPurchasesRecorded(
					MarkPurchasesRecordedRequest.newBuilder().addAllReservationIds(recorded).build());
			this.recordedLate.increment(recorded.size());
			logger.info("Recorded {} paid purchases their requests left unrecorded or unmarked", recorded.size());
		}
		catch (StatusRuntimeException ex) {
			// Recorded all the same; the next round finds them recorded and marks them.
			logger.warn("Could not mark {} recorded purchases now: {}", recorded.size(), BackgroundCalls.brief(ex));
			return false;
		}
		// One that could not be recorded is listed again: the next round tries it.
		return recorded.size() == this.settings.batch();
	}

	private void record(UnrecordedPurchase purchase) {
		// It was paid for, so MakePurchase found its total within range.
		long totalCents = CheckoutService.totalCents(purchase.getItemsList()).orElseThrow();
		this.purchases.recordPurchase(RecordPurchaseRequest.newBuilder()
			.setPurchase(CheckoutService.purchase(purchase.getReservationId(), purchase.getBuyerId(),
					purchase.getConfirmedAtEpochMillis(), purchase.getItemsList(), totalCents))
			.setEveryCartOfBuyer(true)
			.build());
	}

	/**
	 * @param after how long after its stock was confirmed a purchase counts as unrecorded: longer
	 * than a MakePurchase request can still be recording it (its gRPC deadline times its retries)
	 * @param batch how many to record in one round, 1 to 100
	 */
	@ConfigurationProperties("marketplace.purchases.unrecorded")
	record Settings(@DefaultValue("1m") Duration after, @DefaultValue("100") int batch) {

		Settings {
			if (after.isNegative() || batch < 1 || batch > 100) {
				throw new IllegalArgumentException(
						"marketplace.purchases.unrecorded: after must be 0 or more, batch 1 to 100");
			}
		}

	}

}
