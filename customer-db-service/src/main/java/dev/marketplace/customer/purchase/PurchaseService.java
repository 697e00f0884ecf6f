package dev.marketplace.customer.purchase;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

import dev.marketplace.customer.account.AccountRole;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Purchase history, the counters it grows, and the feedback it entitles a buyer to give. */
@Service
public class PurchaseService {

	static final int MAX_PAGE = 100;

	private static final String LINES = "SELECT purchase_id, item_id, quantity, unit_price, seller_id FROM purchase_lines";

	private static final String SESSION_CART = "session_id = ?";

	private static final String EVERY_SESSION_CART_OF_BUYER = "session_id IN (SELECT id FROM sessions WHERE role = '"
			+ AccountRole.BUYER.name() + "' AND user_id = ?)";

	private static final String SAVED_CART = "buyer_id = ?";

	private final JdbcClient jdbc;

	private final Clock clock;

	PurchaseService(JdbcClient jdbc, Clock clock) {
		this.jdbc = jdbc;
		this.clock = clock;
	}

	/**
	 * Records a purchase, grows the buyer's items-purchased and each seller's items-sold by the
	 * units bought and takes the units bought out of the given carts, all in one transaction.
	 * Recording the same purchase ID again changes nothing and returns the purchase first recorded.
	 */
	@Transactional
	public PurchaseRecord record(PurchaseRecord purchase, Carts carts) {
		check(purchase);
		Optional<PurchaseRecord> earlier = find(purchase.id());
		if (earlier.isPresent()) {
			return earlier.get();
		}
		try {
			this.jdbc.sql("INSERT INTO purchases (id, buyer_id, purchased_at, total) VALUES (?, ?, ?, ?)")
				.params(purchase.id(), purchase.buyerId(), utc(purchase), purchase.total())
				.update();
		}
		catch (DuplicateKeyException ex) {
			return find(purchase.id()).orElseThrow();
		}
		if (carts instanceof Carts.OfSession session) {
			takeOut(purchase.lines(), "cart_lines", SESSION_CART, session.sessionId());
			this.jdbc.sql("DELETE FROM saved_cart_lines WHERE buyer_id = ?").param(purchase.buyerId()).update();
		}
		else if (carts instanceof Carts.EveryOfBuyer) {
			takeOut(purchase.lines(), "cart_lines", EVERY_SESSION_CART_OF_BUYER, purchase.buyerId());
			takeOut(purchase.lines(), "saved_cart_lines", SAVED_CART, purchase.buyerId());
		}
		for (PurchaseRecord.Line line : purchase.lines()) {
			this.jdbc.sql("""
					INSERT INTO purchase_lines (purchase_id, item_id, quantity, unit_price, seller_id)
					VALUES (?, ?, ?, ?, ?)""")
				.params(purchase.id(), line.itemId(), line.quantity(), line.unitPrice(), line.sellerId())
				.update();
		}
		long units = purchase.lines().stream().mapToLong(PurchaseRecord.Line::quantity).sum();
		this.jdbc.sql("UPDATE buyers SET items_purchased = items_purchased + ? WHERE id = ?")
			.params(units, purchase.buyerId())
			.update();
		Map<Long, Long> unitsBySeller = purchase.lines()
			.stream()
			.collect(Collectors.groupingBy(PurchaseRecord.Line::sellerId,
					Collectors.summingLong(PurchaseRecord.Line::quantity)));
		unitsBySeller.forEach((seller, sold) -> this.jdbc
			.sql("UPDATE sellers SET items_sold = items_sold + ? WHERE id = ?")
			.params(sold, seller)
			.update());
		return purchase;
	}

	/**
	 * Only the units bought leave a cart: the purchase bought the cart as it was read, and a line
	 * the buyer added (or grew) while it was being paid for stays. Without a purchase racing the
	 * buyer's cart changes, the cart ends empty.
	 * @param table the cart lines' table
	 * @param owner the condition that picks the carts' lines, with one parameter: {@code owner}
	 */
	private void takeOut(List<PurchaseRecord.Line> bought, String table, String owner, long ownerId) {
		for (PurchaseRecord.Line line : bought) {
			this.jdbc.sql("DELETE FROM " + table + " WHERE " + owner + " AND item_id = ? AND quantity <= ?")
				.params(ownerId, line.itemId(), line.quantity())
				.update();
			this.jdbc.sql("UPDATE " + table + " SET quantity = quantity - ? WHERE " + owner + " AND item_id = ?")
				.params(line.quantity(), ownerId, line.itemId())
				.update();
		}
	}

	/** A buyer's purchases, newest first: two queries for the page, whatever its size. */
	@Transactional(readOnly = true)
	public List<PurchaseRecord> history(long buyerId, int limit, int offset) {
		if (limit < 0 || limit > MAX_PAGE || offset < 0) {
			throw MarketplaceException.invalidArgument("limit must be 1 to " + MAX_PAGE + " and offset 0 or more");
		}
		List<PurchaseRecord> page = this.jdbc.sql("""
				SELECT id, buyer_id, purchased_at, total FROM purchases WHERE buyer_id = ?
				ORDER BY purchased_at DESC, id DESC LIMIT ? OFFSET ?""")
			.params(buyerId, (limit == 0) ? 20 : limit, offset)
			.query((row, number) -> purchase(row, List.of()))
			.list();
		if (page.isEmpty()) {
			return page;
		}
		Map<String, List<PurchaseRecord.Line>> lines = this.jdbc.sql(LINES + " WHERE purchase_id IN (:ids) ORDER BY item_id")
			.param("ids", page.stream().map(PurchaseRecord::id).toList())
			.query((row, number) -> Map.entry(row.getString("purchase_id"), line(row)))
			.list()
			.stream()
			.collect(Collectors.groupingBy(Map.Entry::getKey,
					Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
		return page.stream()
			.map((purchase) -> new PurchaseRecord(purchase.id(), purchase.buyerId(), purchase.purchasedAt(),
					purchase.total(), lines.getOrDefault(purchase.id(), List.of())))
			.toList();
	}

	/**
	 * Records a buyer's vote on an item bought before, counting it for the item's seller. A
	 * second vote changes nothing and returns the first.
	 */
	@Transactional
	public Vote recordFeedback(long buyerId, String itemId, boolean thumbsUp) {
		Optional<Vote> earlier = vote(buyerId, itemId);
		if (earlier.isPresent()) {
			return earlier.get();
		}
		long sellerId = this.jdbc.sql("""
				SELECT l.seller_id FROM purchase_lines l JOIN purchases p ON p.id = l.purchase_id
				WHERE p.buyer_id = ? AND l.item_id = ? LIMIT 1""")
			.params(buyerId, itemId)
			.query(Long.class)
			.optional()
			.orElseThrow(() -> new MarketplaceException(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_PURCHASED,
					"Feedback is only for items you bought; you have not bought " + itemId));
		try {
			this.jdbc.sql("""
					INSERT INTO feedback_votes (buyer_id, item_id, seller_id, thumbs_up, created_at)
					VALUES (?, ?, ?, ?, ?)""")
				.params(buyerId, itemId, sellerId, thumbsUp, LocalDateTime.ofInstant(this.clock.instant(), ZoneOffset.UTC))
				.update();
		}
		catch (DuplicateKeyException ex) {
			return vote(buyerId, itemId).orElseThrow();
		}
		String counter = thumbsUp ? "thumbs_up" : "thumbs_down";
		this.jdbc.sql("UPDATE sellers SET " + counter + " = " + counter + " + 1 WHERE id = ?").param(sellerId).update();
		return new Vote(sellerId, thumbsUp, true);
	}

	private Optional<Vote> vote(long buyerId, String itemId) {
		return this.jdbc.sql("SELECT seller_id, thumbs_up FROM feedback_votes WHERE buyer_id = ? AND item_id = ?")
			.params(buyerId, itemId)
			.query((row, number) -> new Vote(row.getLong("seller_id"), row.getBoolean("thumbs_up"), false))
			.optional();
	}

	private Optional<PurchaseRecord> find(String id) {
		List<PurchaseRecord.Line> lines = this.jdbc.sql(LINES + " WHERE purchase_id = ? ORDER BY item_id")
			.param(id)
			.query((row, number) -> line(row))
			.list();
		return this.jdbc.sql("SELECT id, buyer_id, purchased_at, total FROM purchases WHERE id = ?")
			.param(id)
			.query((row, number) -> purchase(row, lines))
			.optional();
	}

	private static PurchaseRecord.Line line(ResultSet row) throws SQLException {
		return new PurchaseRecord.Line(row.getString("item_id"), row.getInt("quantity"),
				row.getBigDecimal("unit_price"), row.getLong("seller_id"));
	}

	private static PurchaseRecord purchase(ResultSet row, List<PurchaseRecord.Line> lines) throws SQLException {
		return new PurchaseRecord(row.getString("id"), row.getLong("buyer_id"),
				row.getObject("purchased_at", LocalDateTime.class).toInstant(ZoneOffset.UTC),
				row.getBigDecimal("total"), lines);
	}

	private static LocalDateTime utc(PurchaseRecord purchase) {
		return LocalDateTime.ofInstant(purchase.purchasedAt(), ZoneOffset.UTC);
	}

	/** A purchase ID is a UUID: the stock reservation's and the payment transaction's ID as well. */
	static boolean isPurchaseId(String id) {
		try {
			UUID.fromString(id);
			return true;
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

	private static void check(PurchaseRecord purchase) {
		List<String> problems = new ArrayList<>();
		if (!isPurchaseId(purchase.id())) {
			problems.add("purchase ID must be a UUID");
		}
		if (purchase.lines().isEmpty()) {
			problems.add("a purchase has at least one line");
		}
		if (purchase.lines().stream().anyMatch((line) -> line.quantity() < 1 || line.unitPrice().signum() <= 0)) {
			problems.add("every line needs a quantity of 1 or more and a positive unit price");
		}
		BigDecimal sum = purchase.lines()
			.stream()
			.map((line) -> line.unitPrice().multiply(BigDecimal.valueOf(line.quantity())))
			.reduce(BigDecimal.ZERO, BigDecimal::add);
		if (sum.compareTo(purchase.total()) != 0) {
			problems.add("total must be the sum of quantity x unit price");
		}
		if (!problems.isEmpty()) {
			throw MarketplaceException.invalidArgument(String.join("; ", problems));
		}
	}

	/** The carts a purchase's units leave when it is first recorded. */
	public sealed interface Carts {

		/** No cart changes. */
		Carts NONE = new Unchanged();

		/**
		 * For a purchase recorded after its request failed, whose session is not known and whose
		 * buyer may have changed the carts since: the units bought leave the cart of every session
		 * of the buyer and the buyer's saved cart.
		 */
		Carts EVERY_OF_BUYER = new EveryOfBuyer();

		/** The session that made the purchase: the units bought leave its cart; the saved cart is emptied. */
		static Carts ofSession(long sessionId) {
			return new OfSession(sessionId);
		}

		record Unchanged() implements Carts {
		}

		record EveryOfBuyer() implements Carts {
		}

		record OfSession(long sessionId) implements Carts {
		}

	}

	/** A buyer's vote on an item, and whether this call recorded it. */
	public record Vote(long sellerId, boolean thumbsUp, boolean newlyRecorded) {
	}

}
