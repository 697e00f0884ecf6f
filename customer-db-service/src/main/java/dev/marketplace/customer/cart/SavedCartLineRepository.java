package dev.marketplace.customer.cart;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

/** Each buyer's saved cart. */
interface SavedCartLineRepository extends JpaRepository<SavedCartLine, SavedCartLine.Key> {

	@Modifying
	@Query(value = "DELETE FROM saved_cart_lines WHERE buyer_id = :buyerId", nativeQuery = true)
	int deleteLines(long buyerId);

	/** Saves the lines of the buyer's session's cart, as they are, in one statement. */
	@Modifying
	@Query(value = """
			INSERT INTO saved_cart_lines (buyer_id, item_id, quantity, added_at)
			SELECT s.user_id, c.item_id, c.quantity, c.added_at
			FROM cart_lines c JOIN sessions s ON s.id = c.session_id
			WHERE c.session_id = :sessionId AND s.user_id = :buyerId AND s.role = 'BUYER'""", nativeQuery = true)
	int saveSessionCart(long buyerId, long sessionId);

	/** The line, if it holds no more than the units taken out. */
	@Modifying
	@Query(value = """
			DELETE FROM saved_cart_lines
			WHERE buyer_id = :buyerId AND item_id = :itemId AND quantity <= :units""", nativeQuery = true)
	int deleteLineOfAtMost(long buyerId, String itemId, int units);

	@Modifying
	@Query(value = """
			UPDATE saved_cart_lines SET quantity = quantity - :units
			WHERE buyer_id = :buyerId AND item_id = :itemId""", nativeQuery = true)
	int takeOut(long buyerId, String itemId, int units);

}
