package dev.marketplace.customer.purchase;

import java.time.Instant;
import java.util.Optional;

import jakarta.persistence.LockModeType;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface PurchaseAttemptRepository extends JpaRepository<PurchaseAttempt, PurchaseAttempt.Key> {

	/**
	 * Claims the key unless it is claimed: one autocommitted statement, so two requests with one
	 * key meet on its primary key and neither holds a lock afterwards.
	 * @return 1 if claimed now, 0 if it was claimed before
	 */
	@Modifying
	@Query(value = """
			INSERT IGNORE INTO purchase_attempts
			  (buyer_id, idempotency_key, fingerprint, purchase_id, state, claimed_at, created_at)
			VALUES (:buyerId, :key, :fingerprint, :purchaseId, 'IN_PROGRESS', :now, :now)""", nativeQuery = true)
	int claimIfUnclaimed(long buyerId, String key, String fingerprint, String purchaseId, Instant now);

	@Lock(LockModeType.PESSIMISTIC_WRITE)
	@Query("select a from PurchaseAttempt a where a.buyerId = :buyerId and a.idempotencyKey = :key")
	Optional<PurchaseAttempt> findForUpdate(long buyerId, String key);

	@Modifying
	@Query("""
			update PurchaseAttempt a set a.state = :completed, a.statusCode = :statusCode, a.responseBody = :body
			where a.buyerId = :buyerId and a.idempotencyKey = :key""")
	int complete(long buyerId, String key, int statusCode, String body, PurchaseAttempt.State completed);

	/** Gives the claim up: the next request with the key may run the purchase at once. */
	@Modifying
	@Query("""
			update PurchaseAttempt a set a.claimedAt = :longAgo
			where a.buyerId = :buyerId and a.idempotencyKey = :key and a.state = :inProgress""")
	int release(long buyerId, String key, Instant longAgo, PurchaseAttempt.State inProgress);

}
