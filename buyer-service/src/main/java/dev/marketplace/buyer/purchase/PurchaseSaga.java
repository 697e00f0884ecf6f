package dev.marketplace.buyer.purchase;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import dev.marketplace.buyer.purchase.PaymentGateway.Outcome;
import dev.marketplace.buyer.purchase.PaymentGateway.PaymentRefusedException;
import dev.marketplace.frontend.catalog.Money;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.BeginCheckoutRequest;
import dev.marketplace.proto.customer.v1.CartLine;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.CartServiceGrpc.CartServiceBlockingStub;
import dev.marketplace.proto.customer.v1.Checkout;
import dev.marketplace.proto.customer.v1.CheckoutRequest;
import dev.marketplace.proto.customer.v1.EndCheckoutRequest;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ReservationRequest;
import dev.marketplace.proto.product.v1.ReservationResponse;
import dev.marketplace.proto.product.v1.ReservationState;
import dev.marketplace.proto.product.v1.ReserveStockRequest;
import dev.marketplace.proto.product.v1.StockLine;
import dev.marketplace.proto.product.v1.StockServiceGrpc.StockServiceBlockingStub;
import dev.marketplace.web.LogText;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;

/**
 * MakePurchase, the whole saga. Each purchase runs as a checkout that the customer database keeps
 * from before its first step, under one ID that is also its stock reservation's and its payment's
 * transaction ID, so every step is idempotent and any buyer-service can take a purchase on from
 * where another left it:
 * <ol>
 * <li>begin the checkout (or answer what an earlier request with the Idempotency-Key got);</li>
 * <li>reserve the whole cart's stock, or nothing (409 if short);</li>
 * <li>authorise the total: the amount is held on the card. Declined (402) or a bad card (400):
 * release the stock; nothing was bought;</li>
 * <li>confirm the stock: the point of no return. If the reservation was released meanwhile (its
 * TTL ran out), undo: void the authorisation; the buyer is not charged;</li>
 * <li>capture the payment, then record the purchase, which completes the checkout and takes the
 * units out of the carts (201).</li>
 * </ol>
 * A run that fails half-way (a dependency down) gives its lease up and answers 503; a repeat of
 * its key resumes it, and {@link #recover} finishes (stock confirmed) or undoes (not confirmed) any
 * checkout whose lease ran out.
 */
@Service
class PurchaseSaga {

	private static final Logger logger = LoggerFactory.getLogger(PurchaseSaga.class);

	private static final Duration POLL = Duration.ofMillis(100);

	private final CartServiceBlockingStub carts;

	private final StockServiceBlockingStub stock;

	private final PurchaseServiceBlockingStub purchases;

	private final PaymentGateway payments;

	private final PurchaseOutcomes outcomes;

	private final SecretKeySpec fingerprintKey;

	private final Duration waitForConcurrent;

	PurchaseSaga(CartServiceBlockingStub carts, StockServiceBlockingStub stock, PurchaseServiceBlockingStub purchases,
			PaymentGateway payments, PurchaseOutcomes outcomes, PurchaseProperties properties) {
		this.carts = carts;
		this.stock = stock;
		this.purchases = purchases;
		this.payments = payments;
		this.outcomes = outcomes;
		this.fingerprintKey = new SecretKeySpec(properties.fingerprintKey().getBytes(StandardCharsets.UTF_8),
				"HmacSHA256");
		this.waitForConcurrent = properties.waitForConcurrent();
	}

	/**
	 * Buys the cart, or answers what the first request with the same Idempotency-Key got.
	 * @param key the Idempotency-Key, or null
	 */
	PurchaseOutcome purchase(Caller buyer, PurchaseRequest card, String key) throws InterruptedException {
		BeginCheckoutRequest request = BeginCheckoutRequest.newBuilder()
			.setBuyerId(buyer.userId())
			.setIdempotencyKey((key != null) ? key : "")
			.setRequestFingerprint((key != null) ? fingerprint(card) : "")
			.build();
		long deadline = System.nanoTime() + this.waitForConcurrent.toNanos();
		while (true) {
			Checkout checkout;
			try {
				checkout = this.purchases.beginCheckout(request);
			}
			catch (StatusRuntimeException ex) {
				if (MarketplaceException.errorCodeOf(ex).orElse(null) == ErrorCode.IDEMPOTENCY_KEY_REUSED) {
					return new PurchaseOutcome.KeyReused();
				}
				throw ex;
			}
			switch (checkout.getState()) {
				case COMPLETED:
					return new PurchaseOutcome.Bought(checkout.getPurchase());
				case REFUSED:
					return new PurchaseOutcome.Refused(
							new Refusal(checkout.getRefusalCode(), checkout.getRefusalDetail()));
				default:
					if (checkout.getClaimed()) {
						return run(new Run(buyer, card, checkout.getPurchaseId(), checkout.getResumed()));
					}
			}
			// A repeat of a key whose purchase another request is running waits for its answer.
			if (System.nanoTime() > deadline) {
				return new PurchaseOutcome.StillRunning();
			}
			Thread.sleep(POLL.toMillis());
		}
	}

	/**
	 * Runs the claimed checkout. A failure half-way gives the lease up, so a repeat of the key (or
	 * the recovery task) takes the purchase on at once from where it stands.
	 */
	private PurchaseOutcome run(Run run) {
		try {
			return run.resumed() ? resume(run) : reserve(run);
		}
		catch (RuntimeException ex) {
			giveUpLease(run.purchaseId());
			throw ex;
		}
	}

	/** Resumes a run that stopped half-way, from where its stock reservation stands. */
	private PurchaseOutcome resume(Run run) {
		Optional<ReservationResponse> reservation = reservation(run.purchaseId());
		if (reservation.isEmpty() || reservation.get().getState() == ReservationState.RELEASED) {
			return reserve(run);
		}
		if (reservation.get().getState() == ReservationState.RESERVED) {
			return authorize(run, reservation.get());
		}
		return new PurchaseOutcome.Bought(captureAndRecord(run.purchaseId(), run.buyer().userId(), reservation.get(),
				RecordPurchaseRequest.newBuilder().setSessionId(run.buyer().sessionId())));
	}

	/** Step 2: the whole cart's stock, or a refusal. */
	private PurchaseOutcome reserve(Run run) {
		List<CartLine> cart = this.carts
			.getCart(CartRequest.newBuilder().setSessionToken(run.buyer().token().value()).build())
			.getLinesList();
		if (cart.isEmpty()) {
			return refuse(run, new Refusal(Refusal.CART_EMPTY, "The cart is empty"));
		}
		ReservationResponse reservation;
		try {
			reservation = this.stock.reserveStock(ReserveStockRequest.newBuilder()
				.setReservationId(run.purchaseId())
				.addAllLines(cart.stream()
					.map((line) -> StockLine.newBuilder()
						.setItemId(line.getItemId())
						.setQuantity(line.getQuantity())
						.build())
					.toList())
				.build());
		}
		catch (StatusRuntimeException ex) {
			Optional<Refusal> refusal = Refusal.of(ex);
			if (refusal.isEmpty()) {
				throw ex;
			}
			if (MarketplaceException.errorCodeOf(ex).orElse(null) == ErrorCode.INSUFFICIENT_QUANTITY) {
				this.outcomes.count("short_stock");
			}
			return refuse(run, refusal.get());
		}
		return authorize(run, reservation);
	}

	/** Step 3: the total held on the card, or the stock released and a refusal. */
	private PurchaseOutcome authorize(Run run, ReservationResponse reservation) {
		String purchaseId = run.purchaseId();
		OptionalLong total = totalCents(reservation.getItemsList());
		if (total.isEmpty()) {
			release(purchaseId);
			return refuse(run,
					new Refusal(Refusal.VALIDATION_FAILED, "The cart's total is too large to pay in one purchase"));
		}
		Outcome outcome;
		try {
			outcome = this.payments.authorize(purchaseId, run.card(), Money.fromCents(total.getAsLong()).setScale(2));
		}
		catch (RuntimeException ex) {
			// Maybe authorised, maybe not: the stock goes back, and whoever takes the checkout on
			// next voids what may have been held, or authorises it again under the same ID.
			release(purchaseId);
			this.outcomes.count("payment_unavailable");
			throw ex;
		}
		if (outcome instanceof Outcome.Approved) {
			return confirm(run, reservation);
		}
		release(purchaseId);
		if (outcome instanceof Outcome.Declined declined) {
			this.outcomes.count("declined");
			return refuse(run, new Refusal(Refusal.PAYMENT_DECLINED, "The payment was declined: " + declined.reason()));
		}
		this.outcomes.count("invalid_card");
		return refuse(run, new Refusal(Refusal.VALIDATION_FAILED, ((Outcome.Rejected) outcome).reason()));
	}

	/** Step 4: the stock sold for good, or, if it went back meanwhile, the payment voided. */
	private PurchaseOutcome confirm(Run run, ReservationResponse reservation) {
		String purchaseId = run.purchaseId();
		try {
			this.stock.confirmStock(ReservationRequest.newBuilder().setReservationId(purchaseId).build());
		}
		catch (StatusRuntimeException ex) {
			if (ex.getStatus().getCode() != Status.Code.FAILED_PRECONDITION) {
				throw ex;
			}
			undo(purchaseId);
			this.outcomes.count("compensated");
			return new PurchaseOutcome.Undone(purchaseId);
		}
		Purchase recorded = captureAndRecord(purchaseId, run.buyer().userId(), reservation,
				RecordPurchaseRequest.newBuilder().setSessionId(run.buyer().sessionId()));
		this.outcomes.count("approved");
		logger.info("Purchase {} made for buyer {}: {} paid", purchaseId, run.buyer().userId(),
				Money.fromCents(recorded.getTotalCents()).setScale(2).toPlainString());
		return new PurchaseOutcome.Bought(recorded);
	}

	/**
	 * Step 5, past the point of no return: the payment captured, then the purchase recorded with
	 * its counters and its checkout completed, the units bought taken out of the given carts.
	 */
	private Purchase captureAndRecord(String purchaseId, long buyerId, ReservationResponse reservation,
			RecordPurchaseRequest.Builder carts) {
		try {
			this.payments.capture(purchaseId);
		}
		catch (PaymentRefusedException ex) {
			// Only an authorised payment is voided, and only after its stock went back: a refusal
			// here means the payment service lost or changed it. The goods are sold all the same.
			logger.error("Purchase {} is sold but its payment could not be captured: {}", purchaseId,
					ex.getMessage());
		}
		// The purchase is paid for, so its total was found within range when it was authorised.
		long totalCents = totalCents(reservation.getItemsList()).orElseThrow();
		return this.purchases
			.recordPurchase(carts
				.setPurchase(purchase(purchaseId, buyerId, System.currentTimeMillis(), reservation.getItemsList(),
						totalCents))
				.build())
			.getPurchase();
	}

	/**
	 * Finishes or undoes a checkout whose run stopped half-way (its lease ran out), from where its
	 * stock reservation stands: confirmed, it is captured and recorded (the units leave every cart
	 * of the buyer, since the session that bought them may be gone); otherwise the stock is
	 * released and the payment voided. Whichever of confirming and releasing the reservation comes
	 * first decides, so this never undoes a purchase a late request completes, nor the reverse.
	 */
	void recover(Checkout checkout) {
		String purchaseId = checkout.getPurchaseId();
		Optional<ReservationResponse> reservation = reservation(purchaseId);
		if (reservation.isPresent() && reservation.get().getState() == ReservationState.RESERVED) {
			reservation = Optional.of(
					this.stock.releaseStock(ReservationRequest.newBuilder().setReservationId(purchaseId).build()));
		}
		if (reservation.isPresent() && reservation.get().getState() == ReservationState.CONFIRMED) {
			captureAndRecord(purchaseId, checkout.getBuyerId(), reservation.get(),
					RecordPurchaseRequest.newBuilder().setEveryCartOfBuyer(true));
			this.outcomes.count("recovered");
			logger.info("Completed purchase {}, which its request left half-way", purchaseId);
			return;
		}
		undo(purchaseId);
		this.outcomes.count("compensated");
		logger.info("Undid purchase {}, which its request left half-way", purchaseId);
	}

	/** The stock is back on sale: voids whatever was authorised, and ends the checkout abandoned. */
	private void undo(String purchaseId) {
		this.payments.voidPayment(purchaseId);
		this.purchases.endCheckout(
				EndCheckoutRequest.newBuilder().setPurchaseId(purchaseId).setState(Checkout.State.ABANDONED).build());
	}

	/**
	 * Ends the checkout refused. A resumed run may be refused after an earlier run of it had the
	 * payment authorised (its answer lost on the way back): that hold is voided first.
	 */
	private PurchaseOutcome refuse(Run run, Refusal refusal) {
		logger.info("Purchase {} refused: {} ({})", run.purchaseId(), refusal.code(), LogText.escape(refusal.detail()));
		if (run.resumed()) {
			this.payments.voidPayment(run.purchaseId());
		}
		this.purchases.endCheckout(EndCheckoutRequest.newBuilder()
			.setPurchaseId(run.purchaseId())
			.setState(Checkout.State.REFUSED)
			.setRefusalCode(refusal.code())
			.setRefusalDetail((refusal.detail() != null) ? refusal.detail() : "")
			.build());
		return new PurchaseOutcome.Refused(refusal);
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

	/**
	 * Puts the stock back before the payment is authorised. If that fails, the reservation's TTL
	 * puts it back later, so the original failure is what the buyer hears about.
	 */
	private void release(String purchaseId) {
		try {
			this.stock.releaseStock(ReservationRequest.newBuilder().setReservationId(purchaseId).build());
		}
		catch (StatusRuntimeException ex) {
			logger.warn("Could not release reservation {} now; its TTL will: {}", purchaseId, ex.getStatus());
		}
	}

	private void giveUpLease(String purchaseId) {
		try {
			this.purchases.releaseCheckout(CheckoutRequest.newBuilder().setPurchaseId(purchaseId).build());
		}
		catch (StatusRuntimeException ex) {
			logger.info("Could not give up checkout {} now ({}); its lease runs out", purchaseId,
					ex.getStatus().getCode());
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

	/** A keyed hash of the request: it tells bodies apart without keeping card data. */
	private String fingerprint(PurchaseRequest card) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(this.fingerprintKey);
			String body = String.join("\u0000", card.cardholderName(), card.cardNumber(), card.expiry(),
					card.securityCode());
			return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Every JDK has HmacSHA256", ex);
		}
	}

	/** One request's run of a claimed checkout. */
	private record Run(Caller buyer, PurchaseRequest card, String purchaseId, boolean resumed) {
	}

}
