package dev.marketplace.customer.cart;

import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import dev.marketplace.customer.session.JoinedRows;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.ItemIdFormat;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Carts: one per buyer session (dropped with the session), and one saved cart per buyer that
 * seeds every new session's cart. Stock is not reserved; the caller says how much is available.
 */
@Service
public class CartService {

	/** What MySQL reports for an {@code INSERT ... ON DUPLICATE KEY UPDATE} that inserted. */
	private static final int NEW_LINE = 1;


	private static final String LINE_COLUMNS = "c.item_id, c.quantity";

	private static final String OLDEST_FIRST = "c.added_at, c.item_id";

	private static final RowMapper<CartLine> LINE = (row, number) -> new CartLine(row.getString("item_id"),
			row.getInt("quantity"));

	/**
	 * The session's cart, oldest line first, read in the session check's own statement: the
	 * display of a cart then costs one round trip to the database.
	 */
	public static final JoinedRows<CartLine> SESSION_LINES = new JoinedRows<>("cart_lines c", "c.session_id = s.id",
			List.of(), LINE_COLUMNS, OLDEST_FIRST, LINE);

	private final JdbcClient jdbc;

	private final Clock clock;

	private final CartProperties properties;

	CartService(JdbcClient jdbc, Clock clock, CartProperties properties) {
		this.jdbc = jdbc;
		this.clock = clock;
		this.properties = properties;
	}

	/**
	 * Adds units, refusing to hold more units of the item than are available. One statement
	 * decides and writes, under the line's row lock: it inserts the line, or raises its quantity
	 * only if the sum stays within the available units, so concurrent adds to one line can never
	 * overshoot. The connection reports affected rather than found rows (application.yml), so a
	 * refused raise reads as 0 rows. The statement commits on its own; the cart read that follows
	 * only answers, as a lost reply would leave the cart changed all the same, except where a new
	 * line lies past the cart's most lines in the cart's order (oldest first): that line is taken
	 * out again. Of new lines racing for the last free one, the first added keeps it and the others
	 * take themselves out, whichever reads the cart first.
	 */
	public List<CartLine> add(long sessionId, String itemId, int quantity, int available) {
		checkItemId(itemId);
		if (quantity < 1) {
			throw MarketplaceException.invalidArgument("quantity must be 1 or more");
		}
		int added = (quantity > available) ? 0 : addWithin(sessionId, itemId, quantity, available);
		if (added == 0) {
			int wanted = quantity + quantityInCart(sessionId, itemId).orElse(0);
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
					"Only " + available + " units of " + itemId + " are available; the cart would hold " + wanted);
		}
		List<CartLine> lines = lines(sessionId);
		if (added == NEW_LINE && pastMostLines(lines, itemId)) {
			removeLine(sessionId, itemId);
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.CART_FULL, "A cart holds at most "
					+ this.properties.maxLines() + " different items; remove one before adding " + itemId);
		}
		return lines;
	}

	private boolean pastMostLines(List<CartLine> lines, String itemId) {
		int most = this.properties.maxLines();
		return lines.size() > most
				&& lines.subList(most, lines.size()).stream().anyMatch((line) -> line.itemId().equals(itemId));
	}

	/** {@link #NEW_LINE} if the line was inserted, 2 if raised, 0 if the raise was refused. */
	private int addWithin(long sessionId, String itemId, int quantity, int available) {
		try {
			return this.jdbc.sql("""
					INSERT INTO cart_lines (session_id, item_id, quantity, added_at) VALUES (?, ?, ?, ?)
					ON DUPLICATE KEY UPDATE quantity = IF(quantity + ? <= ?, quantity + ?, quantity)""")
				.params(sessionId, itemId, quantity, now(), quantity, available, quantity)
				.update();
		}
		catch (DataIntegrityViolationException ex) {
			// The session ended (logout or expiry) while this request was on its way.
			throw MarketplaceException.unauthenticated(ErrorCode.UNAUTHENTICATED, "The session has ended");
		}
	}

	/** Removes units; no quantity (0), or at least the line's, removes the whole line. */
	@Transactional
	public List<CartLine> remove(long sessionId, String itemId, int quantity) {
		checkItemId(itemId);
		if (quantity < 0) {
			throw MarketplaceException.invalidArgument("quantity must be 1 or more");
		}
		int inCart = lockedQuantity(sessionId, itemId).orElseThrow(() -> MarketplaceException
			.notFound(ErrorCode.NOT_IN_CART, "The cart holds no units of " + itemId));
		if (quantity == 0 || quantity >= inCart) {
			removeLine(sessionId, itemId);
		}
		else {
			setQuantity(sessionId, itemId, inCart - quantity);
		}
		return lines(sessionId);
	}

	public List<CartLine> lines(long sessionId) {
		return this.jdbc
			.sql("SELECT " + LINE_COLUMNS + " FROM cart_lines c WHERE c.session_id = ? ORDER BY " + OLDEST_FIRST)
			.param(sessionId)
			.query(LINE)
			.list();
	}

	public void clear(long sessionId) {
		this.jdbc.sql("DELETE FROM cart_lines WHERE session_id = ?").param(sessionId).update();
	}

	/** Makes the session's cart the buyer's saved cart. */
	@Transactional
	public void save(long buyerId, long sessionId) {
		this.jdbc.sql("DELETE FROM saved_cart_lines WHERE buyer_id = ?").param(buyerId).update();
		this.jdbc.sql("""
				INSERT INTO saved_cart_lines (buyer_id, item_id, quantity, added_at)
				SELECT s.user_id, c.item_id, c.quantity, c.added_at
				FROM cart_lines c JOIN sessions s ON s.id = c.session_id
				WHERE c.session_id = ? AND s.user_id = ? AND s.role = 'BUYER'""")
			.params(sessionId, buyerId)
			.update();
	}

	/**
	 * Starts a new session's cart as a copy of the buyer's saved cart: one statement, all or
	 * nothing by itself, so without a transaction's round trips around it.
	 */
	public void startFromSavedCart(long buyerId, long sessionId) {
		this.jdbc.sql("""
				INSERT INTO cart_lines (session_id, item_id, quantity, added_at)
				SELECT ?, item_id, quantity, added_at FROM saved_cart_lines WHERE buyer_id = ?""")
			.params(sessionId, buyerId)
			.update();
	}

	private Optional<Integer> quantityInCart(long sessionId, String itemId) {
		return this.jdbc.sql("SELECT quantity FROM cart_lines WHERE session_id = ? AND item_id = ?")
			.params(sessionId, itemId)
			.query(Integer.class)
			.optional();
	}

	private Optional<Integer> lockedQuantity(long sessionId, String itemId) {
		return this.jdbc.sql("SELECT quantity FROM cart_lines WHERE session_id = ? AND item_id = ? FOR UPDATE")
			.params(sessionId, itemId)
			.query(Integer.class)
			.optional();
	}

	private void removeLine(long sessionId, String itemId) {
		this.jdbc.sql("DELETE FROM cart_lines WHERE session_id = ? AND item_id = ?").params(sessionId, itemId).update();
	}

	private void setQuantity(long sessionId, String itemId, int quantity) {
		this.jdbc.sql("UPDATE cart_lines SET quantity = ? WHERE session_id = ? AND item_id = ?")
			.params(quantity, sessionId, itemId)
			.update();
	}

	private LocalDateTime now() {
		return LocalDateTime.ofInstant(this.clock.instant(), ZoneOffset.UTC);
	}

	private static void checkItemId(String itemId) {
		if (!ItemIdFormat.FORMAT.matcher(itemId).matches()) {
			throw MarketplaceException.invalidArgument("item ID must look like <category>-<number>");
		}
	}

	/** Units of one item in a cart. */
	public record CartLine(String itemId, int quantity) {
	}

}
