package dev.marketplace.customer.purchase;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface PurchaseRepository extends JpaRepository<Purchase, String> {

	/** A buyer's purchases, newest first (index ix_purchases_buyer). */
	@Query("""
			select p from Purchase p where p.buyerId = :buyerId
			order by p.purchasedAt desc, p.id desc limit :limit offset :offset""")
	List<Purchase> findHistory(long buyerId, int limit, int offset);

	/** The sellers the buyer bought the item from; empty if the buyer never bought it. */
	@Query("select l.sellerId from Purchase p join p.lines l where p.buyerId = :buyerId and l.itemId = :itemId")
	List<Long> findSellersOfBought(long buyerId, String itemId);

}
