package dev.marketplace.buyer.purchase;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

import dev.marketplace.buyer.purchase.PaymentGateway.Outcome;
import dev.marketplace.buyer.purchase.PurchaseController.PurchaseJson;
import dev.marketplace.frontend.catalog.Money;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.frontend.web.ApiExceptionHandler;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.CartLine;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.CartServiceGrpc.CartServiceBlockingStub;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.MarkPurchasesRecordedRequest;
import dev.marketplace.proto.product.v1.ReservationRequest;
import dev.marketplace.proto.product.v1.ReservationResponse;
import dev.marketplace.proto.product.v1.ReservationState;
import dev.marketplace.proto.product.v1.ReserveStockRequest;
import dev.marketplace.proto.product.v1.StockLine;
import dev.marketplace.proto.product.v1.StockServiceGrpc.StockServiceBlockingStub;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

/**
 * MakePurchase. Every step that crosses a process is idempotent under the purchase ID (stock
 * reservation ID = payment transaction ID = purchase record ID), so the whole purchase can be run
 * again after any failure without charging, decrementing or recording twice:
 * <ol>
 * <li>reserve the whole cart's stock at once, or nothing (409 if short);</li>
 * <li>authorise the total over SOAP;</li>
 * <li>declined (402), malformed card (400) or payment unavailable (503): release the stock; the
 * cart stays as it was;</li>
 * <li>approved: confirm the stock, then record the purchase with its counters, take the units
 * bought out of the session cart and empty the saved cart in one customer-database transaction
 * (201).</li>
 * </ol>
 * A purchase interrupted by a crash before it was paid leaves a reservation the product database
 * releases after its TTL; one paid whose stock could not be confirmed is confirmed later by
 * {@link UnconfirmedPayments}, and one paid and sold but not recorded is recorded later by
 * {@link UnrecordedPurchases}.
 */
@Service
class CheckoutService {

	private static final Logger logger = LoggerFactory.getLogger(CheckoutService.class);

	private final CartServiceBlockingStub carts;

	private final StockServiceBlockingStub stock;

	private final PurchaseServiceBlockingStub purchases;

	private final PaymentGateway payments;

	private final UnconfirmedPayments unconfirmed;

	private final PurchaseOutcomes outcomes;

	CheckoutService(CartServiceBlockingStub carts, StockServiceBlockingStub stock,
			PurchaseServiceBlockingStub purchases, PaymentGateway payments, UnconfirmedPayments unconfirmed,
			PurchaseOutcomes outcomes) {
		this.carts = carts;
		this.stock = stock;
		this.purchases = purchases;
		this.payments = payments;
		this.unconfirmed = unconfirmed;
		this.outcomes = outcomes;
	}

	/** A purchase without an Idempotency-Key: a new purchase ID each time. */
	ResponseEntity<?> purchase(Caller buyer, PurchaseRequest card) {
		return purchase(buyer, card, UUID.randomUUID().toString());
	}

	/**
	 * Runs the purchase under the given ID.
	 * @throws StatusRuntimeException or {@link PaymentGateway.PaymentUnavailableException} when a
	 * dependency failed; nothing is then left reserved except what the TTL releases
	 */
	ResponseEntity<?> purchase(Caller buyer, PurchaseRequest card, String purchaseId) {
		List<CartLine> cart = this.carts.getCart(cart(buyer)).getLinesList();
		if (cart.isEmpty()) {
			return ApiExceptionHandler.problem(HttpStatus.CONFLICT, "CART_EMPTY", "The cart is empty");
		}
		ReservationResponse reservation;
		try {
			reservation = this.stock.reserveStock(ReserveStockRequest.newBuilder()
				.setReservationId(purchaseId)
				.setBuyerId(buyer.userId())
				.addAllLines(cart.stream()
					.map((line) -> StockLine.newBuilder()
						.setItemId(line.getItemId())
						.setQuantity(line.getQuantity())
						.build())
					.toList())
				.build());
		}
		catch (StatusRuntimeException ex) {
			if (MarketplaceException.errorCodeOf(ex).orElse(null) == ErrorCode.INSUFFICIENT_QUANTITY) {
				this.outcomes.count("short_stock");
			}
			throw ex;
		}
		return pay(buyer, card, purchaseId, reservation);
	}

	/**
	 * Runs again a purchase an earlier request began under the same ID and left without an
	 * answer, from what that request got done: a purchase it paid for (its stock confirmed) is
	 * completed, one whose stock it reserved is paid for, whatever the cart holds now; one it
	 * never reserved, or whose reservation was released, runs as a new purchase.
	 */
	ResponseEntity<?> resume(Caller buyer, PurchaseRequest card, String purchaseId) {
		Optional<ReservationResponse> earlier = reservation(purchaseId);
		if (earlier.isEmpty() || earlier.get().getState() == ReservationState.RELEASED) {
			return purchase(buyer, card, purchaseId);
		}
		if (earlier.get().getState() == ReservationState.RESERVED) {
			return pay(buyer, card, purchaseId, earlier.get());
		}
		return complete(buyer, purchaseId, earlier.get(), totalCents(earlier.get().getItemsList()).orElseThrow());
	}

	private Optional<ReservationResponse> reservation(String purchaseId) {
		try {
			return Optional.of(this.stock
				.getReservation(ReservationRequest.newBuilder().setReservationId(purchaseId).build()));
		}
		catch (StatusRuntimeException ex) {
			if (ex.getStatus().getCode() == Status.Code.NOT_FOUND) {
				return Optional.empty();
			}
			throw ex;
		}
	}

	/** Authorises the payment of the reserved stock; completes the purchase, or releases the stock. */
	private ResponseEntity<?> pay(Caller buyer, PurchaseRequest card, String purchaseId,
			ReservationResponse reservation) {
		OptionalLong total = totalCents(reservation.getItemsList());
		if (total.isEmpty()) {
			release(purchaseId);
			return ApiExceptionHandler.problem(HttpStatus.BAD_REQUEST, "VALIDATION_FAILED",
					"The cart's total is too large to pay in one purchase");
		}
		long totalCents = total.getAsLong();
		Outcome outcome;
		try {
			outcome = this.payments.authorize(purchaseId, card, Money.fromCents(totalCents).setScale(2));
		}
		catch (RuntimeException ex) {
			// PaymentGateway answers every failure to reach the payment service this way.
			release(purchaseId);
			this.outcomes.count("payment_unavailable");
			throw ex;
		}
		if (outcome instanceof Outcome.Approved) {
			ResponseEntity<?> completed = complete(buyer, purchaseId, reservation, totalCents);
			this.outcomes.count("approved");
			return completed;
		}
		release(purchaseId);
		if (outcome instanceof Outcome.Declined declined) {
			this.outcomes.count("declined");
			return ApiExceptionHandler.problem(HttpStatus.PAYMENT_REQUIRED, "PAYMENT_DECLINED",
					"The payment was declined: " + declined.reason());
		}
		this.outcomes.count("invalid_card");
		return ApiExceptionHandler.problem(HttpStatus.BAD_REQUEST, "VALIDATION_FAILED",
				((Outcome.Rejected) outcome).reason());
	}

	/** Paid: the stock is sold for good, then the purchase is recorded and leaves the carts. */
	private ResponseEntity<?> complete(Caller buyer, String purchaseId, ReservationResponse reservation,
			long totalCents) {
		try {
			this.stock.confirmStock(ReservationRequest.newBuilder().setReservationId(purchaseId).build());
		}
		catch (StatusRuntimeException ex) {
			// Paid for: the reservation must not simply run out.
			this.unconfirmed.add(purchaseId, buyer.userId());
			throw ex;
		}
		Purchase recorded = this.purchases
			.recordPurchase(RecordPurchaseRequest.newBuilder()
				.setPurchase(purchase(purchaseId, buyer.userId(), System.currentTimeMillis(), reservation.getItemsList(),
						totalCents))
				.setSessionId(buyer.sessionId())
				.build())
			.getPurchase();
		markRecorded(purchaseId);
		return ResponseEntity.status(HttpStatus.CREATED).body(PurchaseJson.from(recorded));
	}

	/**
	 * Tells the product database the purchase is recorded, so {@link UnrecordedPurchases} has
	 * nothing to do for it. If this fails, that finds it recorded later and marks it.
	 */
	private void markRecorded(String purchaseId) {
		try {
			this.stock.markPurchasesRecorded(MarkPurchasesRecordedRequest.newBuilder().addReservationIds(purchaseId).build());
		}
		catch (StatusRuntimeException ex) {
			logger.info("Purchase {} is recorded, but telling the product database so failed ({}); "
					+ "the unrecorded-purchase task will", purchaseId, ex.getStatus().getCode());
		}
	}

	/** The purchase record of the items a reservation holds, at the prices they were reserved at. */
	static Purchase purchase(String purchaseId, long buyerId, long purchasedAtEpochMillis, List<Item> items,
			long totalCents) {
		Purchase.Builder purchase = Purchase.newBuilder()
			.setPurchaseId(purchaseId)
			.setBuyerId(buyerId)
			.setPurchasedAtEpochMillis(purchasedAtEpochMillis)
			.setTotalCents(totalCents);
		for (Item item : items) {
			purchase.addLines(PurchaseLine.newBuilder()
				.setItemId(item.getItemId())
				.setQuantity(item.getQuantity())
				.setUnitPriceCents(item.getPriceCents())
				.setSellerId(item.getSellerId()));
		}
		return purchase.build();
	}

	/** The sum of the lines in whole cents, or nothing if it does not fit in a long. */
	static OptionalLong totalCents(List<Item> lines) {
		try {
			return OptionalLong.of(lines.stream()
				.mapToLong((item) -> Math.multiplyExact(item.getPriceCents(), item.getQuantity()))
				.reduce(0, Math::addExact));
		}
		catch (ArithmeticException ex) {
			return OptionalLong.empty();
		}
	}

	/**
	 * Puts the stock back. If even that fails, the reservation's TTL puts it back later, so the
	 * original failure is what the buyer hears about.
	 */
	private void release(String purchaseId) {
		try {
			this.stock.releaseStock(ReservationRequest.newBuilder().setReservationId(purchaseId).build());
		}
		catch (StatusRuntimeException ex) {
			logger.warn("Could not release reservation {} now; its TTL will: {}", purchaseId, ex.getStatus());
		}
	}

	private static CartRequest cart(Caller buyer) {
		return CartRequest.newBuilder().setSessionToken(buyer.token().value()).build();
	}

}
