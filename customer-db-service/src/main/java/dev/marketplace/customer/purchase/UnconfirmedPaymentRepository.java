package dev.marketplace.customer.purchase;

import java.time.Instant;
import java.util.Collection;
import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface UnconfirmedPaymentRepository extends JpaRepository<UnconfirmedPayment, String> {

	/** Keeps the purchase; keeping one kept already changes nothing. */
	@Modifying
	@Query(value = """
			INSERT IGNORE INTO unconfirmed_payments (purchase_id, buyer_id, kept_at)
			VALUES (:purchaseId, :buyerId, :now)""", nativeQuery = true)
	int keep(String purchaseId, long buyerId, Instant now);

	@Query("select p from UnconfirmedPayment p order by p.keptAt, p.purchaseId limit :limit")
	List<UnconfirmedPayment> findOldest(int limit);

	@Modifying
	@Query("delete from UnconfirmedPayment p where p.purchaseId in :purchaseIds")
	int forget(Collection<String> purchaseIds);

}
