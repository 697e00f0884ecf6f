package dev.marketplace.customer.cart;

import java.time.Clock;
import java.util.List;

import dev.marketplace.customer.session.AccountRole;
import dev.marketplace.customer.session.SessionOpened;
import dev.marketplace.customer.session.SessionService;
import dev.marketplace.customer.session.SessionService.LiveSession;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.ItemIdFormat;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;

import org.springframework.context.event.EventListener;
import org.springframework.dao.DataIntegrityViolationException;
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

	private final CartLineRepository lines;

	private final SavedCartLineRepository savedLines;

	private final SessionService sessions;

	private final Clock clock;

	private final CartProperties properties;

	CartService(CartLineRepository lines, SavedCartLineRepository savedLines, SessionService sessions, Clock clock,
			CartProperties properties) {
		this.lines = lines;
		this.savedLines = savedLines;
		this.sessions = sessions;
		this.clock = clock;
		this.properties = properties;
	}

	/**
	 * The session's cart, oldest line first, read in the session check's own statement: the
	 * display of a cart then costs one round trip to the database.
	 */
	List<CartItem> linesInSession(String token) {
		String tokenHash = this.sessions.tokenHash(token);
		List<LineInSession> read = SessionService.readAgainIfLost(() -> this.lines.findLinesInSession(tokenHash));
		this.sessions.accept(AccountRole.BUYER, read.stream().findFirst().map(LineInSession::session));
		return read.stream()
			.filter((line) -> line.itemId() != null)
			.map((line) -> new CartItem(line.itemId(), line.quantity()))
			.toList();
	}

	/**
	 * Adds units, refusing to hold more units of the item than are available. One statement
	 * decides and writes, under the line's row lock: it inserts the line, or raises its quantity
	 * only if the sum stays within the available units, so concurrent adds to one line can never
	 * overshoot. The statement commits on its own; the cart read that follows only answers, as a
	 * lost reply would leave the cart changed all the same, except where a new line lies past the
	 * cart's most lines in the cart's order (oldest first): that line is taken out again. Of new
	 * lines racing for the last free one, the first added keeps it and the others take themselves
	 * out, whichever reads the cart first.
	 */
	List<CartItem> add(LiveSession session, String itemId, int quantity, int available) {
		checkItemId(itemId);
		if (quantity < 1) {
			throw MarketplaceException.invalidArgument("quantity must be 1 or more");
		}
		long sessionId = session.sessionId();
		int added = (quantity > available) ? 0 : addWithin(sessionId, itemId, quantity, available);
		if (added == 0) {
			int wanted = quantity + this.lines.findQuantity(sessionId, itemId).orElse(0);
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
					"Only " + available + " units of " + itemId + " are available; the cart would hold " + wanted);
		}
		List<CartItem> cart = this.lines.findLines(sessionId);
		if (added == NEW_LINE && pastMostLines(cart, itemId)) {
			this.lines.deleteLine(sessionId, itemId);
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.CART_FULL, "A cart holds at most "
					+ this.properties.maxLines() + " different items; remove one before adding " + itemId);
		}
		return cart;
	}

	private boolean pastMostLines(List<CartItem> cart, String itemId) {
		int most = this.properties.maxLines();
		return cart.size() > most
				&& cart.subList(most, cart.size()).stream().anyMatch((line) -> line.itemId().equals(itemId));
	}

	private int addWithin(long sessionId, String itemId, int quantity, int available) {
		try {
			return this.lines.addWithin(sessionId, itemId, quantity, available, this.clock.instant());
		}
		catch (DataIntegrityViolationException ex) {
			// The session ended (logout or expiry) while this request was on its way.
			throw MarketplaceException.unauthenticated(ErrorCode.UNAUTHENTICATED, "The session has ended");
		}
	}

	/** Removes units; no quantity (0), or at least the line's, removes the whole line. */
	@Transactional
	List<CartItem> remove(LiveSession session, String itemId, int quantity) {
		checkItemId(itemId);
		if (quantity < 0) {
			throw MarketplaceException.invalidArgument("quantity must be 1 or more");
		}
		CartLine line = this.lines.findForUpdate(session.sessionId(), itemId)
			.orElseThrow(() -> MarketplaceException.notFound(ErrorCode.NOT_IN_CART,
					"The cart holds no units of " + itemId));
		if (quantity == 0 || quantity >= line.quantity()) {
			this.lines.delete(line);
		}
		else {
			line.setQuantity(line.quantity() - quantity);
		}
		this.lines.flush();
		return this.lines.findLines(session.sessionId());
	}

	List<CartItem> lines(LiveSession session) {
		return this.lines.findLines(session.sessionId());
	}

	void clear(LiveSession session) {
		this.lines.deleteLines(session.sessionId());
	}

	/** Makes the session's cart the buyer's saved cart. */
	@Transactional
	void save(LiveSession session) {
		this.savedLines.deleteLines(session.userId());
		this.savedLines.saveSessionCart(session.userId(), session.sessionId());
	}

	/** A buyer's new session starts with a copy of the saved cart, in one statement. */
	@EventListener
	void startFromSavedCart(SessionOpened opened) {
		if (opened.role() == AccountRole.BUYER) {
			this.lines.copySavedCart(opened.userId(), opened.sessionId());
		}
	}

	/**
	 * Takes units bought out of the session's cart and empties the buyer's saved cart, in the
	 * caller's transaction. Only the units bought leave the cart: a line the buyer added (or grew)
	 * while the purchase was paid for stays.
	 */
	public void takeOutOfSessionCart(long buyerId, long sessionId, List<CartItem> bought) {
		for (CartItem item : bought) {
			this.lines.deleteLineOfAtMost(sessionId, item.itemId(), item.quantity());
			this.lines.takeOut(sessionId, item.itemId(), item.quantity());
		}
		this.savedLines.deleteLines(buyerId);
	}

	/**
	 * Takes units bought out of the cart of every session of the buyer and of the saved cart, in
	 * the caller's transaction: for a purchase recorded after its request failed, whose session is
	 * not known and whose buyer may have changed the carts since.
	 */
	public void takeOutOfEveryCart(long buyerId, List<CartItem> bought) {
		for (CartItem item : bought) {
			this.lines.deleteBuyersLinesOfAtMost(buyerId, item.itemId(), item.quantity());
			this.lines.takeOutOfBuyersLines(buyerId, item.itemId(), item.quantity());
			this.savedLines.deleteLineOfAtMost(buyerId, item.itemId(), item.quantity());
			this.savedLines.takeOut(buyerId, item.itemId(), item.quantity());
		}
	}

	private static void checkItemId(String itemId) {
		if (!ItemIdFormat.FORMAT.matcher(itemId).matches()) {
			throw MarketplaceException.invalidArgument("item ID must look like <category>-<number>");
		}
	}

}
