package dev.marketplace.customer.purchase;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/** Idempotency-Keys of purchases: one run per key, one stored answer for every repeat. */
@Service
public class PurchaseAttempts {

	enum State {

		CLAIMED, IN_PROGRESS, COMPLETED

	}

	private final PurchaseAttemptRepository attempts;

	private final Clock clock;

	private final Duration claimTimeout;

	private final TransactionTemplate transactions;

	PurchaseAttempts(PurchaseAttemptRepository attempts, Clock clock, TransactionTemplate transactions,
			@Value("${marketplace.purchases.claim-timeout:30s}") Duration claimTimeout) {
		this.attempts = attempts;
		this.transactions = transactions;
		this.clock = clock;
		this.claimTimeout = claimTimeout;
	}

	/**
	 * Claims the key, or reads who has it. The claim's insert commits on its own: a failed
	 * duplicate insert leaves a shared lock, and two requests each holding one would deadlock
	 * on their locking reads, so the read of an existing claim runs in a fresh transaction.
	 */
	public Attempt begin(long buyerId, String key, String fingerprint) {
		if (key.isEmpty() || key.length() > 64 || fingerprint.isEmpty() || fingerprint.length() > 64) {
			throw MarketplaceException.invalidArgument("the idempotency key must be 1 to 64 characters");
		}
		String purchaseId = UUID.randomUUID().toString();
		if (this.attempts.claimIfUnclaimed(buyerId, key, fingerprint, purchaseId, this.clock.instant()) == 1) {
			return new Attempt(State.CLAIMED, purchaseId, 0, "", false);
		}
		return this.transactions.execute((status) -> existing(buyerId, key, fingerprint));
	}

	@Transactional
	public Attempt finish(long buyerId, String key, boolean isFinal, int statusCode, String body) {
		if (isFinal) {
			this.attempts.complete(buyerId, key, statusCode, body, PurchaseAttempt.State.COMPLETED);
			return new Attempt(State.COMPLETED, "", statusCode, body, false);
		}
		this.attempts.release(buyerId, key, Instant.EPOCH, PurchaseAttempt.State.IN_PROGRESS);
		return new Attempt(State.IN_PROGRESS, "", 0, "", false);
	}

	private Attempt existing(long buyerId, String key, String fingerprint) {
		PurchaseAttempt attempt = this.attempts.findForUpdate(buyerId, key).orElseThrow();
		if (!attempt.fingerprint().equals(fingerprint)) {
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.IDEMPOTENCY_KEY_REUSED,
					"This Idempotency-Key was used before with a different request");
		}
		if (attempt.state() == PurchaseAttempt.State.COMPLETED) {
			return new Attempt(State.COMPLETED, attempt.purchaseId(), attempt.statusCode(), attempt.responseBody(),
					false);
		}
		Instant now = this.clock.instant();
		if (attempt.claimedAt().isBefore(now.minus(this.claimTimeout))) {
			attempt.claimAgain(now);
			// Its earlier run gave the claim up or stopped holding it, and may have been paid.
			return new Attempt(State.CLAIMED, attempt.purchaseId(), 0, "", true);
		}
		return new Attempt(State.IN_PROGRESS, attempt.purchaseId(), 0, "", false);
	}

	/**
	 * What the caller should do with a keyed purchase.
	 * @param resumed claimed again after an earlier run that left no answer
	 */
	public record Attempt(State state, String purchaseId, int statusCode, String body, boolean resumed) {
	}

}
