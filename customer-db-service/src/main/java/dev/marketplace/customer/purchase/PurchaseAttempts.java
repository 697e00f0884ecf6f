package dev.marketplace.customer.purchase;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/** Idempotency-Keys of purchases: one run per key, one stored answer for every repeat. */
@Service
public class PurchaseAttempts {

	enum State {

		CLAIMED, IN_PROGRESS, COMPLETED

	}

	private final JdbcClient jdbc;

	private final Clock clock;

	private final Duration claimTimeout;

	private final TransactionTemplate transactions;

	PurchaseAttempts(JdbcClient jdbc, Clock clock, TransactionTemplate transactions,
			@Value("${marketplace.purchases.claim-timeout:30s}") Duration claimTimeout) {
		this.jdbc = jdbc;
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
		try {
			// Insert first: a locking read of a missing row would take a gap lock (see StockReservations).
			this.jdbc.sql("""
					INSERT INTO purchase_attempts
					  (buyer_id, idempotency_key, fingerprint, purchase_id, state, claimed_at, created_at)
					VALUES (?, ?, ?, ?, 'IN_PROGRESS', ?, ?)""")
				.params(buyerId, key, fingerprint, purchaseId, now(), now())
				.update();
			return new Attempt(State.CLAIMED, purchaseId, 0, "", false);
		}
		catch (DuplicateKeyException ex) {
			return this.transactions.execute((status) -> existing(buyerId, key, fingerprint));
		}
	}

	@Transactional
	public Attempt finish(long buyerId, String key, boolean isFinal, int statusCode, String body) {
		if (isFinal) {
			this.jdbc.sql("""
					UPDATE purchase_attempts SET state = 'COMPLETED', status_code = ?, response_body = ?
					WHERE buyer_id = ? AND idempotency_key = ?""").params(statusCode, body, buyerId, key).update();
			return new Attempt(State.COMPLETED, "", statusCode, body, false);
		}
		// Giving up the claim: the next request with this key may run the purchase at once.
		this.jdbc.sql("""
				UPDATE purchase_attempts SET claimed_at = ?
				WHERE buyer_id = ? AND idempotency_key = ? AND state = 'IN_PROGRESS'""")
			.params(LocalDateTime.of(1970, 1, 1, 0, 0), buyerId, key)
			.update();
		return new Attempt(State.IN_PROGRESS, "", 0, "", false);
	}

	private Attempt existing(long buyerId, String key, String fingerprint) {
		Row row = this.jdbc.sql("""
				SELECT fingerprint, purchase_id, state, claimed_at, status_code, response_body
				FROM purchase_attempts WHERE buyer_id = ? AND idempotency_key = ? FOR UPDATE""")
			.params(buyerId, key)
			.query((rs, number) -> new Row(rs.getString("fingerprint"), rs.getString("purchase_id"),
					rs.getString("state"), rs.getObject("claimed_at", LocalDateTime.class), rs.getInt("status_code"),
					rs.getString("response_body")))
			.single();
		if (!row.fingerprint().equals(fingerprint)) {
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.IDEMPOTENCY_KEY_REUSED,
					"This Idempotency-Key was used before with a different request");
		}
		if ("COMPLETED".equals(row.state())) {
			return new Attempt(State.COMPLETED, row.purchaseId(), row.statusCode(), row.body(), false);
		}
		if (row.claimedAt().isBefore(now().minus(this.claimTimeout))) {
			this.jdbc.sql("UPDATE purchase_attempts SET claimed_at = ? WHERE buyer_id = ? AND idempotency_key = ?")
				.params(now(), buyerId, key)
				.update();
			// Its earlier run gave the claim up or stopped holding it, and may have been paid.
			return new Attempt(State.CLAIMED, row.purchaseId(), 0, "", true);
		}
		return new Attempt(State.IN_PROGRESS, row.purchaseId(), 0, "", false);
	}

	private LocalDateTime now() {
		return LocalDateTime.ofInstant(this.clock.instant(), ZoneOffset.UTC);
	}

	private record Row(String fingerprint, String purchaseId, String state, LocalDateTime claimedAt, int statusCode,
			String body) {
	}

	/**
	 * What the caller should do with a keyed purchase.
	 * @param resumed claimed again after an earlier run that left no answer
	 */
	public record Attempt(State state, String purchaseId, int statusCode, String body, boolean resumed) {
	}

}
