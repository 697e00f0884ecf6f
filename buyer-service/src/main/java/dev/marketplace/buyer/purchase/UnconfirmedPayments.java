package dev.marketplace.buyer.purchase;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.marketplace.proto.product.v1.ReservationRequest;
import dev.marketplace.proto.product.v1.StockServiceGrpc.StockServiceBlockingStub;
import io.grpc.StatusRuntimeException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Purchases whose payment was approved but whose stock could not be confirmed: the product
 * database was unreachable (past the retries) or too slow right then, and the buyer got a 503. The
 * reservation still holds the units until its TTL (2 minutes) releases them, so confirming it
 * within that time keeps the purchase: this tries again every few seconds until the reservation
 * is confirmed or gone. A confirmed one is then recorded by {@link UnrecordedPurchases}. The list
 * is held in memory: a buyer-service that stops meanwhile loses it, and the TTL releases those
 * reservations although they were paid for.
 */
@Component
class UnconfirmedPayments {

	private static final Logger logger = LoggerFactory.getLogger(UnconfirmedPayments.class);

	private final StockServiceBlockingStub stock;

	private final Set<String> purchaseIds = ConcurrentHashMap.newKeySet();

	private final Counter confirmedLate;

	private final Counter lost;

	UnconfirmedPayments(StockServiceBlockingStub stock, MeterRegistry meters) {
		this.stock = stock;
		this.confirmedLate = Counter.builder("marketplace.purchases.confirmed.late")
			.description("Paid purchases whose stock was confirmed after their request, which could not")
			.register(meters);
		this.lost = Counter.builder("marketplace.purchases.paid.unconfirmed")
			.description("Paid purchases whose reservation was released before it could be confirmed")
			.register(meters);
	}

	/** A purchase whose payment was approved and whose stock is still to be confirmed. */
	void add(String purchaseId) {
		this.purchaseIds.add(purchaseId);
	}

	@Scheduled(fixedDelayString = "${marketplace.purchases.unconfirmed.retry-every:5s}")
	void confirmWaiting() {
		for (String purchaseId : List.copyOf(this.purchaseIds)) {
			try {
				this.stock.confirmStock(ReservationRequest.newBuilder().setReservationId(purchaseId).build());
				this.purchaseIds.remove(purchaseId);
				this.confirmedLate.increment();
				logger.info("Confirmed the stock of paid purchase {} after its request could not", purchaseId);
			}
			catch (StatusRuntimeException ex) {
				if (BackgroundCalls.isOutage(ex)) {
					logger.warn("The product database cannot confirm paid purchases now; {} wait: {}",
							this.purchaseIds.size(), BackgroundCalls.brief(ex));
					return;
				}
				this.purchaseIds.remove(purchaseId);
				this.lost.increment();
				logger.error("Paid purchase {} could not be confirmed ({}): its payment stands without the goods "
						+ "and needs a refund", purchaseId, BackgroundCalls.brief(ex));
			}
		}
	}

}
