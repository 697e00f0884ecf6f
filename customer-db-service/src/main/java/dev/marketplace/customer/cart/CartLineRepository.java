package dev.marketplace.customer.cart;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.persistence.LockModeType;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

/**
 * The lines of the buyer sessions' carts, oldest first. Changes that stand alone are single
 * statements, each autocommitted.
 */
interface CartLineRepository extends JpaRepository<CartLine, CartLine.Key> {

	@Query("""
			select new dev.marketplace.customer.cart.CartItem(c.itemId, c.quantity)
			from CartLine c where c.sessionId = :sessionId order by c.addedAt, c.itemId""")
	List<CartItem> findLines(long sessionId);

	/** The session with this token hash and, in the same statement, its cart's lines, oldest first. */
	@Query("""
			select new dev.marketplace.customer.cart.LineInSession(s.id, s.role, s.userId, s.lastSeenAt, c.itemId,
			       c.quantity)
			from Session s left join CartLine c on c.sessionId = s.id
			where s.tokenHash = :tokenHash order by c.addedAt, c.itemId""")
	List<LineInSession> findLinesInSession(String tokenHash);

	@Query("select c.quantity from CartLine c where c.sessionId = :sessionId and c.itemId = :itemId")
	Optional<Integer> findQuantity(long sessionId, String itemId);

	@Lock(LockModeType.PESSIMISTIC_WRITE)
	@Query("select c from CartLine c where c.sessionId = :sessionId and c.itemId = :itemId")
	Optional<CartLine> findForUpdate(long sessionId, String itemId);

	/**
	 * Inserts the line, or raises its quantity only if the sum stays within the units available:
	 * one statement that decides and writes under the line's row lock.
	 * @return 1 if inserted, 2 if raised, 0 if the raise was refused (the connection reports
	 * affected rows, not found rows)
	 */
	@Modifying
	@Query(value = """
			INSERT INTO cart_lines (session_id, item_id, quantity, added_at)
			VALUES (:sessionId, :itemId, :quantity, :now)
			ON DUPLICATE KEY UPDATE quantity = IF(quantity + :quantity <= :available, quantity + :quantity, quantity)""",
			nativeQuery = true)
	int addWithin(long sessionId, String itemId, int quantity, int available, Instant now);

	/** Starts a new session's cart as a copy of the buyer's saved cart, in one statement. */
	@Modifying
	@Query(value = """
			INSERT INTO cart_lines (session_id, item_id, quantity, added_at)
			SELECT :sessionId, item_id, quantity, added_at FROM saved_cart_lines WHERE buyer_id = :buyerId""",
			nativeQuery = true)
	int copySavedCart(long buyerId, long sessionId);

	@Modifying
	@Query(value = "DELETE FROM cart_lines WHERE session_id = :sessionId AND item_id = :itemId", nativeQuery = true)
	int deleteLine(long sessionId, String itemId);

	@Modifying
	@Query(value = "DELETE FROM cart_lines WHERE session_id = :sessionId", nativeQuery = true)
	int deleteLines(long sessionId);

	/** The line, if it holds no more than the units taken out. */
	@Modifying
	@Query(value = """
			DELETE FROM cart_lines
			WHERE session_id = :sessionId AND item_id = :itemId AND quantity <= :units""", nativeQuery = true)
	int deleteLineOfAtMost(long sessionId, String itemId, int units);

	@Modifying
	@Query(value = """
			UPDATE cart_lines SET quantity = quantity - :units
			WHERE session_id = :sessionId AND item_id = :itemId""", nativeQuery = true)
	int takeOut(long sessionId, String itemId, int units);

	/** The cart lines of every session of the buyer, if they hold no more than the units taken out. */
	@Modifying
	@Query(value = """
			DELETE FROM cart_lines WHERE item_id = :itemId AND quantity <= :units
			AND session_id IN (SELECT id FROM sessions WHERE role = 'BUYER' AND user_id = :buyerId)""",
			nativeQuery = true)
	int deleteBuyersLinesOfAtMost(long buyerId, String itemId, int units);

	@Modifying
	@Query(value = """
			UPDATE cart_lines SET quantity = quantity - :units WHERE item_id = :itemId
			AND session_id IN (SELECT id FROM sessions WHERE role = 'BUYER' AND user_id = :buyerId)""",
			nativeQuery = true)
	int takeOutOfBuyersLines(long buyerId, String itemId, int units);

}
