package dev.marketplace.buyer.purchase;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.marketplace.frontend.grpc.DatabaseClients;
import dev.marketplace.proto.customer.v1.ForgetUnconfirmedPaymentsRequest;
import dev.marketplace.proto.customer.v1.ListUnconfirmedPaymentsRequest;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import dev.marketplace.proto.customer.v1.UnconfirmedPayment;
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
 * is confirmed or gone. A confirmed one is then recorded by {@link UnrecordedPurchases}.
 * <p>
 * Each such purchase is kept in the customer database, where every buyer-service finds it, so one
 * that stops meanwhile loses none; and in this one's memory too, for when the customer database
 * cannot be reached either. Confirming is idempotent, so several buyer-services confirming the
 * same purchase change nothing (each counts it).
 */
@Component
class UnconfirmedPayments {

	private static final Logger logger = LoggerFactory.getLogger(UnconfirmedPayments.class);

	private static final int BATCH = 100;

	private final StockServiceBlockingStub stock;

	/** For {@link #add}, which a request calls. */
	private final PurchaseServiceBlockingStub purchases;

	private final PurchaseServiceBlockingStub backgroundPurchases;

	private final Set<String> inMemory = ConcurrentHashMap.newKeySet();

	private final Counter confirmedLate;

	private final Counter lost;

	UnconfirmedPayments(StockServiceBlockingStub stock, PurchaseServiceBlockingStub purchases, MeterRegistry meters) {
		this.stock = DatabaseClients.forBackgroundTasks(stock);
		this.purchases = purchases;
		this.backgroundPurchases = DatabaseClients.forBackgroundTasks(purchases);
		this.confirmedLate = Counter.builder("marketplace.purchases.confirmed.late")
			.description("Paid purchases whose stock was confirmed after their request, which could not")
			.register(meters);
		this.lost = Counter.builder("marketplace.purchases.paid.unconfirmed")
			.description("Paid purchases whose reservation was released before it could be confirmed")
			.register(meters);
	}

	/** A purchase whose payment was approved and whose stock is still to be confirmed. */
	void add(String purchaseId, long buyerId) {
		this.inMemory.add(purchaseId);
		try {
			this.purchases.keepUnconfirmedPayment(
					UnconfirmedPayment.newBuilder().setPurchaseId(purchaseId).setBuyerId(buyerId).build());
		}
		catch (StatusRuntimeException ex) {
			logger.warn("Could not keep paid purchase {} in the customer database ({}); only this buyer-service's "
					+ "memory holds it until its stock is confirmed", purchaseId, BackgroundCalls.brief(ex));
		}
	}

	@Scheduled(fixedDelayString = "${marketplace.purchases.unconfirmed.retry-every:5s}")
	void confirmWaiting() {
		Set<String> waiting = new LinkedHashSet<>(this.inMemory);
		waiting.addAll(keptInCustomerDatabase());
		List<String> settled = new ArrayList<>();
		try {
			for (String purchaseId : waiting) {
				if (!confirm(purchaseId)) {
					return;
				}
				settled.add(purchaseId);
			}
		}
		finally {
			forget(settled);
		}
	}

	/** @return false if the product database cannot confirm anything now */
	private boolean confirm(String purchaseId) {
		try {
			this.stock.confirmStock(ReservationRequest.newBuilder().setReservationId(purchaseId).build());
			this.confirmedLate.increment();
			logger.info("Confirmed the stock of paid purchase {} after its request could not", purchaseId);
		}
		catch (StatusRuntimeException ex) {
			if (BackgroundCalls.isOutage(ex)) {
				logger.warn("The product database cannot confirm paid purchases now; they wait: {}",
						BackgroundCalls.brief(ex));
				return false;
			}
			this.lost.increment();
			logger.error("Paid purchase {} could not be confirmed ({}): its payment stands without the goods "
					+ "and needs a refund", purchaseId, BackgroundCalls.brief(ex));
		}
		return true;
	}

	private List<String> keptInCustomerDatabase() {
		try {
			return this.backgroundPurchases
				.listUnconfirmedPayments(ListUnconfirmedPaymentsRequest.newBuilder().setLimit(BATCH).build())
				.getPaymentsList()
				.stream()
				.map(UnconfirmedPayment::getPurchaseId)
				.toList();
		}
		catch (StatusRuntimeException ex) {
			// Asked every few seconds: an outage would repeat this line all through it.
			if (BackgroundCalls.isOutage(ex)) {
				logger.debug("The customer database cannot list the paid purchases waiting now: {}",
						BackgroundCalls.brief(ex));
			}
			else {
				logger.warn("Could not read the paid purchases waiting in the customer database now: {}",
						BackgroundCalls.brief(ex));
			}
			return List.of();
		}
	}

	/** Confirmed or beyond confirming: no round tries them again. */
	private void forget(List<String> settled) {
		if (settled.isEmpty()) {
			return;
		}
		this.inMemory.removeAll(settled);
		for (int from = 0; from < settled.size(); from += BATCH) {
			List<String> batch = settled.subList(from, Math.min(from + BATCH, settled.size()));
			try {
				this.backgroundPurchases.forgetUnconfirmedPayments(
						ForgetUnconfirmedPaymentsRequest.newBuilder().addAllPurchaseIds(batch).build());
			}
			catch (StatusRuntimeException ex) {
				logger.warn("Could not forget {} settled paid purchases in the customer database now; the next "
						+ "round confirms them again, which changes nothing: {}", batch.size(),
						BackgroundCalls.brief(ex));
				return;
			}
		}
	}

}
