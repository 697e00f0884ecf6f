package dev.marketplace.customer.purchase;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.persistence.LockModeType;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface CheckoutRepository extends JpaRepository<Checkout, String> {

	/**
	 * Starts a running checkout unless the buyer's key has one: one autocommitted statement, so
	 * two requests with one key meet on the unique key and neither holds a lock afterwards.
	 * @return 1 if started now, 0 if the key has a checkout
	 */
	@Modifying
	@Query(value = """
			INSERT IGNORE INTO checkouts
			  (purchase_id, buyer_id, idempotency_key, fingerprint, state, leased_until, created_at)
			VALUES (:purchaseId, :buyerId, :key, :fingerprint, 'RUNNING', :leasedUntil, :now)""", nativeQuery = true)
	int startIfAbsent(String purchaseId, long buyerId, String key, String fingerprint, Instant leasedUntil,
			Instant now);

	@Lock(LockModeType.PESSIMISTIC_WRITE)
	@Query("select c from Checkout c where c.buyerId = :buyerId and c.idempotencyKey = :key")
	Optional<Checkout> findForUpdate(long buyerId, String key);

	/** Starts an abandoned keyed checkout again, under a new purchase ID: the old one was undone. */
	@Modifying
	@Query(value = """
			UPDATE checkouts SET purchase_id = :newPurchaseId, state = 'RUNNING', leased_until = :leasedUntil
			WHERE purchase_id = :purchaseId AND state = 'ABANDONED'""", nativeQuery = true)
	int restart(String purchaseId, String newPurchaseId, Instant leasedUntil);

	/** Leases a running checkout whose lease ran out to a new holder. */
	@Modifying
	@Query(value = """
			UPDATE checkouts SET leased_until = :leasedUntil
			WHERE purchase_id = :purchaseId AND state = 'RUNNING' AND leased_until < :now""", nativeQuery = true)
	int takeOver(String purchaseId, Instant now, Instant leasedUntil);

	/** Ends a running checkout; one that is no longer running is left as it is. */
	@Modifying
	@Query(value = """
			UPDATE checkouts SET state = :#{#state.name()}, refusal_code = :code, refusal_detail = :detail
			WHERE purchase_id = :purchaseId AND state = 'RUNNING'""", nativeQuery = true)
	int end(String purchaseId, CheckoutState state, String code, String detail);

	/** Gives up a running checkout's lease. */
	@Modifying
	@Query(value = """
			UPDATE checkouts SET leased_until = :longAgo
			WHERE purchase_id = :purchaseId AND state = 'RUNNING'""", nativeQuery = true)
	int release(String purchaseId, Instant longAgo);

	@Query("""
			select c.purchaseId from Checkout c where c.state = :running and c.leasedUntil < :now
			order by c.leasedUntil limit :limit""")
	List<String> findStalled(Instant now, int limit, CheckoutState running);

}
