package dev.marketplace.customer.purchase;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

import dev.marketplace.customer.account.AccountService;
import dev.marketplace.customer.cart.CartItem;
import dev.marketplace.customer.cart.CartService;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/** Purchase history, the counters it grows, and the feedback it entitles a buyer to give. */
@Service
public class PurchaseService {

	private static final Logger logger = LoggerFactory.getLogger(PurchaseService.class);

	static final int MAX_PAGE = 100;

	private final PurchaseRepository purchases;

	private final FeedbackVoteRepository votes;

	private final CartService carts;

	private final AccountService accounts;

	private final Checkouts checkouts;

	private final TransactionTemplate transactions;

	private final Clock clock;

	private final Counter unitsSold;

	PurchaseService(PurchaseRepository purchases, FeedbackVoteRepository votes, CartService carts,
			AccountService accounts, Checkouts checkouts, TransactionTemplate transactions, Clock clock,
			MeterRegistry meters) {
		this.purchases = purchases;
		this.votes = votes;
		this.carts = carts;
		this.accounts = accounts;
		this.checkouts = checkouts;
		this.transactions = transactions;
		this.clock = clock;
		this.unitsSold = Counter.builder("marketplace.units.sold")
			.description("Units bought in purchases recorded, counted once each when it commits")
			.register(meters);
	}

	/**
	 * Records a purchase, grows the buyer's items-purchased and each seller's items-sold by the
	 * units bought, takes the units bought out of the given carts and completes the purchase's
	 * checkout, all in one transaction.
	 * Recording the same purchase ID again changes nothing and returns the purchase first recorded,
	 * also when two records of it race: the loser's transaction fails on the key and reads the
	 * winner's.
	 */
	public PurchaseRecord record(PurchaseRecord purchase, Carts carts) {
		check(purchase);
		try {
			Recorded recorded = this.transactions.execute((status) -> recordOnce(purchase, carts));
			if (recorded.now()) {
				this.unitsSold.increment(purchase.units());
				logger.info("Recorded purchase {} of buyer {}: {} units", purchase.id(), purchase.buyerId(),
						purchase.units());
			}
			return recorded.purchase();
		}
		catch (DataIntegrityViolationException ex) {
			return this.purchases.findById(purchase.id()).map(Purchase::toRecord).orElseThrow(() -> ex);
		}
	}

	private Recorded recordOnce(PurchaseRecord purchase, Carts carts) {
		Optional<Purchase> earlier = this.purchases.findById(purchase.id());
		if (earlier.isPresent()) {
			return new Recorded(earlier.get().toRecord(), false);
		}
		this.purchases.saveAndFlush(new Purchase(purchase));
		this.checkouts.complete(purchase.id());
		List<CartItem> bought = purchase.lines()
			.stream()
			.map((line) -> new CartItem(line.itemId(), line.quantity()))
			.toList();
		if (carts instanceof Carts.OfSession session) {
			this.carts.takeOutOfSessionCart(purchase.buyerId(), session.sessionId(), bought);
		}
		else if (carts instanceof Carts.EveryOfBuyer) {
			this.carts.takeOutOfEveryCart(purchase.buyerId(), bought);
		}
		this.accounts.countPurchase(purchase.buyerId(), purchase.units());
		purchase.lines()
			.stream()
			.collect(Collectors.groupingBy(PurchaseRecord.Line::sellerId,
					Collectors.summingLong(PurchaseRecord.Line::quantity)))
			.forEach(this.accounts::countSale);
		return new Recorded(purchase, true);
	}

	/** A purchase as recorded, and whether this call recorded it. */
	private record Recorded(PurchaseRecord purchase, boolean now) {
	}

	@Transactional(readOnly = true)
	Optional<PurchaseRecord> find(String purchaseId) {
		return this.purchases.findById(purchaseId).map(Purchase::toRecord);
	}

	/** A buyer's purchases, newest first: two queries for the page, whatever its size. */
	@Transactional(readOnly = true)
	public List<PurchaseRecord> history(long buyerId, int limit, int offset) {
		if (limit < 0 || limit > MAX_PAGE || offset < 0) {
			throw MarketplaceException.invalidArgument("limit must be 1 to " + MAX_PAGE + " and offset 0 or more");
		}
		return this.purchases.findHistory(buyerId, (limit == 0) ? 20 : limit, offset)
			.stream()
			.map(Purchase::toRecord)
			.toList();
	}

	/**
	 * Records a buyer's vote on an item bought before, counting it for the item's seller. A
	 * second vote changes nothing and returns the first.
	 */
	@Transactional
	public Vote recordFeedback(long buyerId, String itemId, boolean thumbsUp) {
		Optional<FeedbackVote> earlier = this.votes.findById(new FeedbackVote.Key(buyerId, itemId));
		if (earlier.isPresent()) {
			return new Vote(earlier.get().sellerId(), earlier.get().thumbsUp(), false);
		}
		long sellerId = this.purchases.findSellersOfBought(buyerId, itemId)
			.stream()
			.findFirst()
			.orElseThrow(() -> new MarketplaceException(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_PURCHASED,
					"Feedback is only for items you bought; you have not bought " + itemId));
		if (this.votes.recordIfAbsent(buyerId, itemId, sellerId, thumbsUp, this.clock.instant()) == 0) {
			FeedbackVote first = this.votes.findById(new FeedbackVote.Key(buyerId, itemId)).orElseThrow();
			return new Vote(first.sellerId(), first.thumbsUp(), false);
		}
		this.accounts.countVote(sellerId, thumbsUp);
		return new Vote(sellerId, thumbsUp, true);
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
