package dev.marketplace.product.catalog;

import java.time.Clock;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Lists items and reads them back. */
@Service
class CatalogService {

	private final ItemRepository items;

	private final Clock clock;

	CatalogService(ItemRepository items, Clock clock) {
		this.items = items;
		this.clock = clock;
	}

	@Transactional
	Item register(NewItem newItem) {
		return this.items.save(new Item(newItem, this.clock.instant()));
	}

	@Transactional(readOnly = true)
	Item get(String itemId) {
		ItemId id = ItemId.parse(itemId);
		return this.items.findWithKeywords(id.number())
			.filter((item) -> item.category() == id.category())
			.orElseThrow(() -> MarketplaceException.notFound(ErrorCode.ITEM_NOT_FOUND, "No item has ID " + itemId));
	}

}
