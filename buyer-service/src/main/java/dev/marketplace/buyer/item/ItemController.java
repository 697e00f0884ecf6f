package dev.marketplace.buyer.item;

import java.util.List;

import dev.marketplace.frontend.catalog.ItemIds;
import dev.marketplace.frontend.catalog.ItemJson;
import dev.marketplace.frontend.catalog.Keywords;
import dev.marketplace.frontend.docs.Problem;
import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.frontend.session.SessionCheckedReads;
import dev.marketplace.frontend.web.ListJson;
import dev.marketplace.frontend.web.Paging;
import dev.marketplace.frontend.web.PlainText;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.ItemServiceGrpc.ItemServiceBlockingStub;
import dev.marketplace.proto.product.v1.SearchItemsRequest;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/items")
class ItemController {

	private final ItemServiceBlockingStub items;

	private final SessionCheckedReads reads;

	ItemController(ItemServiceBlockingStub items, SessionCheckedReads reads) {
		this.items = items;
		this.reads = reads;
	}

	/**
	 * SearchItemsForSale: {@code keywords} may be comma-separated, repeated, or both, each trimmed
	 * (CommaSeparatedListParameters); the database ranks the results (see README, search semantics).
	 */
	@Operation(summary = "SearchItemsForSale: ranked by matching keywords, then price, then item ID",
			description = "Items of a category with units for sale; with keywords, those sharing at least one, "
					+ "compared case-insensitively. Paged.")
	@GetMapping
	ListJson<ItemJson> search(BearerToken buyer, @RequestParam @Min(0) @Max(ItemIds.MAX_CATEGORY) int category,
			@Parameter(description = "At most 5 in all, comma-separated (repeating the parameter is accepted too)",
					schema = @Schema(type = "string", pattern = Keywords.QUERY_PATTERN))
			@RequestParam(required = false) @Size(max = Keywords.MAX, message = Keywords.TOO_MANY)
			List<@Pattern(regexp = PlainText.PATTERN, message = PlainText.MESSAGE) String> keywords,
			@RequestParam(required = false) @Min(1) @Max(Paging.MAX_LIMIT) Integer limit,
			@RequestParam(required = false) @Min(0) Integer offset) {
		List<String> words = (keywords == null) ? List.of()
				: keywords.stream().filter((word) -> !word.isEmpty()).toList();
		SearchItemsRequest request = SearchItemsRequest.newBuilder()
			.setCategory(category)
			.addAllKeywords(words)
			.setLimit(Paging.limit(limit))
			.setOffset(Paging.offset(offset))
			.build();
		return this.reads.read(buyer, () -> new ListJson<>(
				this.items.searchItems(request).getItemsList().stream().map(ItemJson::from).toList()));
	}

	@Operation(summary = "GetItem", description = "One item as it is now: price, units for sale and feedback.")
	@Problem(status = 404, code = "ITEM_NOT_FOUND", when = "No item has that ID")
	@GetMapping("/{itemId}")
	ItemJson getItem(BearerToken buyer,
			@PathVariable @Pattern(regexp = ItemIds.PATTERN, message = ItemIds.MESSAGE) String itemId) {
		return this.reads.read(buyer, () -> ItemJson
			.from(this.items.getItem(GetItemRequest.newBuilder().setItemId(itemId).build()).getItem()));
	}

}
