package dev.marketplace.customer.purchase;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The durable state of MakePurchase: one checkout per run, leased to the request running it.
 * The steps themselves (stock, payment) are the buyer-service's; this keeps who runs which
 * checkout, how each ended, and one answer per Idempotency-Key.
 */
@Service
class Checkouts {

	static final int MAX_KEY = 64;

	static final int MAX_CLAIM = 100;

	private static final int MAX_REFUSAL_CODE = 32;

	private static final int MAX_REFUSAL_DETAIL = 1000;

	private final CheckoutRepository checkouts;

	private final TransactionTemplate transactions;

	private final Clock clock;

	private final Duration lease;

	Checkouts(CheckoutRepository checkouts, TransactionTemplate transactions, Clock clock,
			PurchaseProperties properties) {
		this.checkouts = checkouts;
		this.transactions = transactions;
		this.clock = clock;
		this.lease = properties.checkoutLease();
	}

	/**
	 * Starts a checkout, or reads where the key's stands. A new checkout's insert commits on its
	 * own: a failed duplicate insert leaves a shared lock, and two requests each holding one would
	 * deadlock on their locking reads, so the read of an existing checkout runs in a fresh
	 * transaction.
	 */
	View begin(long buyerId, String key, String fingerprint) {
		if (key.length() > MAX_KEY || (key.isEmpty() != fingerprint.isEmpty()) || fingerprint.length() > 64) {
			throw MarketplaceException.invalidArgument(
					"the idempotency key must be 1 to 64 characters, and comes with a request fingerprint");
		}
		Instant now = this.clock.instant();
		String purchaseId = UUID.randomUUID().toString();
		if (this.checkouts.startIfAbsent(purchaseId, buyerId, key.isEmpty() ? null : key,
				fingerprint.isEmpty() ? null : fingerprint, now.plus(this.lease), now) == 1) {
			return View.running(purchaseId, buyerId, true, false);
		}
		return this.transactions.execute((status) -> existing(buyerId, key, fingerprint, now));
	}

	private View existing(long buyerId, String key, String fingerprint, Instant now) {
		Checkout checkout = this.checkouts.findForUpdate(buyerId, key).orElseThrow();
		if (!fingerprint.equals(checkout.fingerprint())) {
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.IDEMPOTENCY_KEY_REUSED,
					"This Idempotency-Key was used before with a different request");
		}
		return switch (checkout.state()) {
			case COMPLETED, REFUSED -> View.of(checkout);
			case ABANDONED -> {
				// Undone, so nothing was bought: the key's next request starts afresh.
				String purchaseId = UUID.randomUUID().toString();
				this.checkouts.restart(checkout.purchaseId(), purchaseId, now.plus(this.lease));
				yield View.running(purchaseId, buyerId, true, false);
			}
			case RUNNING -> {
				boolean stalled = checkout.leasedUntil().isBefore(now) && this.checkouts
					.takeOver(checkout.purchaseId(), now, now.plus(this.lease)) == 1;
				// Taken over: its earlier run stopped half-way, and may have been paid.
				yield View.running(checkout.purchaseId(), buyerId, stalled, stalled);
			}
		};
	}

	/** Ends a running checkout that bought nothing: refused, or abandoned after it was undone. */
	@Transactional
	View end(String purchaseId, CheckoutState state, String code, String detail) {
		if (state == CheckoutState.REFUSED) {
			if (code.isEmpty() || code.length() > MAX_REFUSAL_CODE) {
				throw MarketplaceException.invalidArgument("a refusal has a code of 1 to 32 characters");
			}
			this.checkouts.end(purchaseId, state, code, truncated(detail));
		}
		else if (state == CheckoutState.ABANDONED) {
			this.checkouts.end(purchaseId, state, null, null);
		}
		else {
			throw MarketplaceException.invalidArgument("a checkout ends REFUSED or ABANDONED");
		}
		return find(purchaseId);
	}

	/** Part of recording the purchase, in its transaction. */
	void complete(String purchaseId) {
		this.checkouts.end(purchaseId, CheckoutState.COMPLETED, null, null);
	}

	/** Gives up the lease: the next to ask takes the checkout on at once. */
	@Transactional
	View release(String purchaseId) {
		this.checkouts.release(purchaseId, Instant.EPOCH);
		return find(purchaseId);
	}

	/** Leases running checkouts whose lease ran out to the caller, the longest stalled first. */
	@Transactional
	List<View> claimStalled(int limit) {
		if (limit < 1 || limit > MAX_CLAIM) {
			throw MarketplaceException.invalidArgument("limit must be 1 to " + MAX_CLAIM);
		}
		Instant now = this.clock.instant();
		List<View> claimed = new ArrayList<>();
		for (String purchaseId : this.checkouts.findStalled(now, limit, CheckoutState.RUNNING)) {
			// Another caller may have claimed it since it was read.
			if (this.checkouts.takeOver(purchaseId, now, now.plus(this.lease)) == 1) {
				claimed.add(find(purchaseId).claimedNow());
			}
		}
		return claimed;
	}

	private View find(String purchaseId) {
		return this.checkouts.findById(purchaseId)
			.map(View::of)
			.orElseThrow(() -> MarketplaceException.notFound(ErrorCode.ERROR_CODE_UNSPECIFIED,
					"No checkout has purchase ID " + purchaseId));
	}

	private static String truncated(String detail) {
		return detail.codePoints()
			.limit(MAX_REFUSAL_DETAIL)
			.collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
			.toString();
	}

	/**
	 * A checkout as its caller sees it.
	 * @param claimed the caller holds its lease and runs it
	 * @param resumed claimed after an earlier run stopped half-way
	 */
	record View(String purchaseId, long buyerId, CheckoutState state, boolean claimed, boolean resumed,
			String refusalCode, String refusalDetail) {

		static View running(String purchaseId, long buyerId, boolean claimed, boolean resumed) {
			return new View(purchaseId, buyerId, CheckoutState.RUNNING, claimed, resumed, null, null);
		}

		static View of(Checkout checkout) {
			return new View(checkout.purchaseId(), checkout.buyerId(), checkout.state(), false, false,
					checkout.refusalCode(), checkout.refusalDetail());
		}

		View claimedNow() {
			return new View(this.purchaseId, this.buyerId, this.state, true, true, null, null);
		}

	}

}
