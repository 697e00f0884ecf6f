package dev.marketplace.product.item;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Collectors;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.ItemIdFormat;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Items for sale: listing, reading, searching, price and stock changes, and votes. The one way
 * into the items and their tables for every other feature (stock reservations take and put back
 * units through it).
 */
@Service
public class ItemCatalog {

	public static final int MAX_BATCH = 100;

	private final ItemRepository items;

	private final ItemVoteRepository votes;

	private final Clock clock;

	ItemCatalog(ItemRepository items, ItemVoteRepository votes, Clock clock) {
		this.items = items;
		this.votes = votes;
		this.clock = clock;
	}

	/** The item's row and its keyword sets, in one transaction: no item without its sets. */
	@Transactional
	Item register(NewItem newItem) {
		return this.items.save(new Item(newItem, this.clock.instant()));
	}

	Item get(String itemId) {
		return find(ItemId.parse(itemId));
	}

	/** The items that exist among the IDs; malformed IDs are refused, unknown ones left out. */
	List<Item> getAll(List<String> itemIds) {
		if (itemIds.size() > MAX_BATCH) {
			throw MarketplaceException.invalidArgument("at most " + MAX_BATCH + " item IDs at once");
		}
		List<ItemId> ids = itemIds.stream().map(ItemId::parse).toList();
		return findAll(ids.stream().map(ItemId::number).toList()).stream()
			.filter((item) -> ids.contains(item.itemId()))
			.toList();
	}

	/** The items with these row IDs that exist, in no particular order. */
	public List<Item> findAll(Collection<Long> numbers) {
		return numbers.isEmpty() ? List.of() : this.items.findItems(numbers);
	}

	/** One conditional update, then the item read back: the row says why it did not change, if not. */
	Item changePrice(long sellerId, String itemId, long priceCents) {
		BigDecimal price = Prices.fromCents(priceCents);
		ItemId id = ItemId.parse(itemId);
		this.items.changeOwnPrice(id.number(), id.category(), sellerId, price);
		return owned(sellerId, id);
	}

	/** Removes the units only if that many are for sale, then reads the item back. */
	Item removeUnits(long sellerId, String itemId, int units) {
		if (units < 1) {
			throw MarketplaceException.invalidArgument("quantity must be 1 or more");
		}
		ItemId id = ItemId.parse(itemId);
		boolean removed = this.items.removeOwnUnits(id.number(), id.category(), sellerId, units) == 1;
		Item item = owned(sellerId, id);
		if (!removed) {
			throw insufficient(id, item.quantity(), units);
		}
		return item;
	}

	/**
	 * Takes units of an item off sale for a purchase, only if that many are there.
	 * @return the item as it was read before the units were taken
	 */
	public Item take(ItemId id, int units) {
		Item item = find(id);
		if (this.items.takeUnits(id.number(), units) == 0) {
			// The read above is the transaction's snapshot; the update sees the stock as it is now.
			// When the snapshot had enough, other purchases took or hold the units since.
			throw (item.quantity() < units) ? insufficient(id, item.quantity(), units)
					: new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
							"Fewer than " + units + " units of " + id + " are left: other purchases took or hold them");
		}
		return item;
	}

	/** Puts units a purchase had taken back on sale. */
	public void putBack(long number, int units) {
		this.items.putBackUnits(number, units);
	}

	List<Item> sellerItems(long sellerId, Page page) {
		return this.items.findInStockOfSeller(sellerId, page.limit(), page.offset());
	}

	/**
	 * A category's items in stock. With keywords: those matching at least one, ranked by the
	 * number matching, then price, then item ID. Without: all, by item ID.
	 */
	List<Item> search(int category, List<String> keywords, Page page) {
		if (category < 0 || category > ItemIdFormat.MAX_CATEGORY) {
			throw MarketplaceException.invalidArgument(NewItem.CATEGORY_RANGE);
		}
		if (keywords.size() > NewItem.MAX_KEYWORDS) {
			throw MarketplaceException.invalidArgument("at most " + NewItem.MAX_KEYWORDS + " keywords");
		}
		if (keywords.stream().anyMatch(NewItem::hasControlCharacter)) {
			// No item has such a keyword, and the separator would make one query keyword a set of two.
			throw MarketplaceException.invalidArgument("keywords must not contain control characters");
		}
		List<String> keys = keywords.stream()
			.filter((keyword) -> !keyword.isBlank())
			.map(NewItem::keywordKey)
			.collect(Collectors.toCollection(LinkedHashSet::new))
			.stream()
			.toList();
		return keys.isEmpty() ? this.items.findInStockInCategory(category, page.limit(), page.offset())
				: this.items.findMatching(category, keys, page);
	}

	/**
	 * Counts a buyer's vote on an item once, however often it is sent (the caller retries after
	 * failures). Whether the buyer may vote is the customer database's decision.
	 */
	@Transactional
	Item addFeedback(String itemId, long buyerId, boolean thumbsUp) {
		ItemId id = ItemId.parse(itemId);
		find(id);
		if (this.votes.recordIfAbsent(id.number(), buyerId, thumbsUp, this.clock.instant()) == 1) {
			if (thumbsUp) {
				this.items.addThumbUp(id.number());
			}
			else {
				this.items.addThumbDown(id.number());
			}
		}
		return find(id);
	}

	private Item find(ItemId id) {
		return this.items.findItem(id.number())
			.filter((item) -> item.category() == id.category())
			.orElseThrow(() -> MarketplaceException.notFound(ErrorCode.ITEM_NOT_FOUND, "No item has ID " + id));
	}

	private Item owned(long sellerId, ItemId id) {
		Item item = find(id);
		if (!item.isOwnedBy(sellerId)) {
			throw new MarketplaceException(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_ITEM_OWNER,
					"Item " + id + " belongs to another seller");
		}
		return item;
	}

	private static MarketplaceException insufficient(ItemId id, int available, int wanted) {
		return new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
				"Only " + available + " units of " + id + " are available, not " + wanted);
	}

}
