package dev.marketplace.product.item;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

/**
 * Items and their keyword sets. Reads are declared queries, each one statement without a
 * transaction around it; stock, price and vote changes are conditional single statements (the
 * condition is the rule: never below zero, only the seller's own item), which Hibernate runs
 * outside a transaction too ({@code hibernate.allow_update_outside_transaction}): a transaction
 * would add three round trips to each. They are SQL, not JPQL: Hibernate translates a JPQL
 * update again on every execution.
 */
interface ItemRepository extends JpaRepository<Item, Long>, ItemSearch {

	@Query("select i from Item i where i.id = :number")
	Optional<Item> findItem(long number);

	/** The items with these row IDs that exist, in no particular order. */
	@Query("select i from Item i where i.id in :numbers")
	List<Item> findItems(Collection<Long> numbers);

	/** A category's items in stock, by item ID (index ix_items_category). */
	@Query("""
			select i from Item i where i.category = :category and i.quantity > 0
			order by i.id limit :limit offset :offset""")
	List<Item> findInStockInCategory(int category, int limit, int offset);

	/** A seller's items in stock, by item ID (index ix_items_seller). */
	@Query("""
			select i from Item i where i.sellerId = :sellerId and i.quantity > 0
			order by i.id limit :limit offset :offset""")
	List<Item> findInStockOfSeller(long sellerId, int limit, int offset);

	/**
	 * The seller's item's price, and its keyword sets' in the same statement, so search ranks by
	 * the price readers see.
	 * @return rows changed: 0 if the item is not the seller's or not in that category
	 */
	@Modifying
	@Query(value = """
			UPDATE items i LEFT JOIN item_keyword_sets s ON s.item_id = i.id
			SET i.price = :price, s.price = :price
			WHERE i.id = :number AND i.category = :category AND i.seller_id = :sellerId""", nativeQuery = true)
	int changeOwnPrice(long number, int category, long sellerId, BigDecimal price);

	/** @return 1 if the seller's item had that many units and they were taken off sale, else 0 */
	@Modifying
	@Query(value = """
			UPDATE items SET quantity = quantity - :units
			WHERE id = :number AND category = :category AND seller_id = :sellerId AND quantity >= :units""",
			nativeQuery = true)
	int removeOwnUnits(long number, int category, long sellerId, int units);

	/** @return 1 if the item had that many units and they were taken, else 0 */
	@Modifying
	@Query(value = """
			UPDATE items SET quantity = quantity - :units
			WHERE id = :number AND quantity >= :units""", nativeQuery = true)
	int takeUnits(long number, int units);

	@Modifying
	@Query(value = "UPDATE items SET quantity = quantity + :units WHERE id = :number", nativeQuery = true)
	int putBackUnits(long number, int units);

	/** Clears the persistence context, so the item read next shows the vote. */
	@Modifying(clearAutomatically = true)
	@Query(value = "UPDATE items SET thumbs_up = thumbs_up + 1 WHERE id = :number", nativeQuery = true)
	int addThumbUp(long number);

	@Modifying(clearAutomatically = true)
	@Query(value = "UPDATE items SET thumbs_down = thumbs_down + 1 WHERE id = :number", nativeQuery = true)
	int addThumbDown(long number);

}
