package dev.marketplace.product.catalog;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.product.catalog.ItemQueries.UnitsRemoval;
import dev.marketplace.proto.ItemIdFormat;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Items for sale: listing, reading, searching, price and stock changes, and votes. */
@Service
class CatalogService {

	static final int MAX_BATCH = 100;

	private final ItemQueries queries;

	private final Clock clock;

	CatalogService(ItemQueries queries, Clock clock) {
		this.queries = queries;
		this.clock = clock;
	}

	Item register(NewItem newItem) {
		return newItem.listedAs(this.queries.register(newItem, this.clock.instant()));
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
		List<Item> found = this.queries.findAll(ids.stream().map(ItemId::number).toList());
		return found.stream().filter((item) -> ids.contains(item.itemId())).toList();
	}

	/**
	 * One conditional update and the item read back, in one round trip: the row says why the price
	 * did not change, if it did not.
	 */
	Item changePrice(long sellerId, String itemId, long priceCents) {
		BigDecimal price = Prices.fromCents(priceCents);
		ItemId id = ItemId.parse(itemId);
		return owned(sellerId, id, this.queries.changePrice(id, sellerId, price));
	}

	/**
	 * Removes the units only if that many are for sale, and reads the item back, in one round trip:
	 * the row says why nothing was removed, if nothing was.
	 */
	Item removeUnits(long sellerId, String itemId, int units) {
		if (units < 1) {
			throw MarketplaceException.invalidArgument("quantity must be 1 or more");
		}
		ItemId id = ItemId.parse(itemId);
		Optional<UnitsRemoval> removal = this.queries.removeOwnUnitsIfAvailable(id, sellerId, units);
		Item item = owned(sellerId, id, removal.map(UnitsRemoval::item));
		if (!removal.get().removed()) {
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
					"Only " + item.quantity() + " units of " + itemId + " are for sale");
		}
		return item;
	}

	List<Item> sellerItems(long sellerId, Page page) {
		return this.queries.ofSeller(sellerId, page);
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
		return keys.isEmpty() ? this.queries.inCategory(category, page)
				: this.queries.matching(category, keys, page);
	}

	/**
	 * Counts a buyer's vote on an item once, however often it is sent (the caller retries after
	 * failures). Whether the buyer may vote is the customer database's decision.
	 */
	@Transactional
	Item addFeedback(String itemId, long buyerId, boolean thumbsUp) {
		ItemId id = ItemId.parse(itemId);
		find(id);
		if (this.queries.recordVote(id.number(), buyerId, thumbsUp, this.clock.instant())) {
			this.queries.addVote(id.number(), thumbsUp);
		}
		return find(id);
	}

	private Item find(ItemId id) {
		return found(id, this.queries.find(id.number()));
	}

	/** The item read under the ID's row number, if it is in the ID's category too. */
	private static Item found(ItemId id, Optional<Item> read) {
		return read.filter((item) -> item.category() == id.category())
			.orElseThrow(() -> MarketplaceException.notFound(ErrorCode.ITEM_NOT_FOUND, "No item has ID " + id));
	}

	private static Item owned(long sellerId, ItemId id, Optional<Item> read) {
		Item item = found(id, read);
		if (!item.isOwnedBy(sellerId)) {
			throw new MarketplaceException(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_ITEM_OWNER,
					"Item " + id + " belongs to another seller");
		}
		return item;
	}

}
