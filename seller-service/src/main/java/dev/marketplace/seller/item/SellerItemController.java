package dev.marketplace.seller.item;

import java.math.BigDecimal;
import java.net.URI;

import dev.marketplace.frontend.catalog.ItemIds;
import dev.marketplace.frontend.catalog.ItemJson;
import dev.marketplace.frontend.catalog.Money;
import dev.marketplace.frontend.docs.Problem;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.frontend.web.ListJson;
import dev.marketplace.frontend.web.Paging;
import dev.marketplace.proto.product.v1.ChangePriceRequest;
import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ItemServiceGrpc.ItemServiceBlockingStub;
import dev.marketplace.proto.product.v1.ListSellerItemsRequest;
import dev.marketplace.proto.product.v1.RemoveUnitsRequest;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/sellers/me/items")
class SellerItemController {

	private final ItemServiceBlockingStub items;

	SellerItemController(ItemServiceBlockingStub items) {
		this.items = items;
	}

	@Operation(summary = "RegisterItemForSale",
			description = "Lists an item with its units for sale; the server assigns its ID, <category>-<number>.")
	@ApiResponse(responseCode = "201", description = "The item as listed",
			headers = @Header(name = HttpHeaders.LOCATION, description = "The item's address for GetItem",
					schema = @Schema(type = "string", format = "uri-reference", example = "/api/v1/items/3-17")))
	@PostMapping
	ResponseEntity<ItemJson> registerItem(Caller seller, @Valid @RequestBody RegisterItemRequest request) {
		Item item = this.items.registerItem(dev.marketplace.proto.product.v1.RegisterItemRequest.newBuilder()
			.setSellerId(seller.userId())
			.setName(request.name())
			.setCategory(request.category())
			.addAllKeywords(request.keywords())
			.setCondition(Condition.valueOf(request.condition().name()))
			.setPriceCents(Money.toCents(request.price()))
			.setQuantity(request.quantity())
			.build()).getItem();
		return ResponseEntity.created(URI.create("/api/v1/items/" + item.getItemId())).body(ItemJson.from(item));
	}

	@Operation(summary = "ChangeItemPrice",
			description = "Sets the sale price of one of the seller's own items; carts show the new price at once.")
	@Problem(status = 403, code = "NOT_ITEM_OWNER", when = "The item belongs to another seller")
	@Problem(status = 404, code = "ITEM_NOT_FOUND", when = "No item has that ID")
	@PutMapping("/{itemId}/price")
	ItemJson changePrice(Caller seller, @PathVariable @Pattern(regexp = ItemIds.PATTERN,
			message = ItemIds.MESSAGE) String itemId, @Valid @RequestBody PriceRequest request) {
		return ItemJson.from(this.items.changePrice(ChangePriceRequest.newBuilder()
			.setSellerId(seller.userId())
			.setItemId(itemId)
			.setPriceCents(Money.toCents(request.price()))
			.build()).getItem());
	}

	@Operation(summary = "UpdateUnitsForSale: takes units off sale, never below zero",
			description = "Removes units of one of the seller's own items from sale; 409 if it has fewer.")
	@Problem(status = 403, code = "NOT_ITEM_OWNER", when = "The item belongs to another seller")
	@Problem(status = 404, code = "ITEM_NOT_FOUND", when = "No item has that ID")
	@Problem(status = 409, code = "INSUFFICIENT_QUANTITY", when = "Fewer units are for sale than asked to remove")
	@PostMapping("/{itemId}/remove-units")
	ItemJson removeUnits(Caller seller, @PathVariable @Pattern(regexp = ItemIds.PATTERN,
			message = ItemIds.MESSAGE) String itemId, @Valid @RequestBody UnitsRequest request) {
		return ItemJson.from(this.items.removeUnits(RemoveUnitsRequest.newBuilder()
			.setSellerId(seller.userId())
			.setItemId(itemId)
			.setQuantity(request.quantity())
			.build()).getItem());
	}

	@Operation(summary = "DisplayItemsForSale: own items with units left, by item ID",
			description = "The calling seller's items that still have units for sale, paged.")
	@GetMapping
	ListJson<ItemJson> itemsForSale(Caller seller,
			@RequestParam(required = false) @Min(1) @Max(Paging.MAX_LIMIT) Integer limit,
			@RequestParam(required = false) @Min(0) Integer offset) {
		return new ListJson<>(this.items
			.listSellerItems(ListSellerItemsRequest.newBuilder()
				.setSellerId(seller.userId())
				.setLimit(Paging.limit(limit))
				.setOffset(Paging.offset(offset))
				.build())
			.getItemsList()
			.stream()
			.map(ItemJson::from)
			.toList());
	}

	/** ChangeItemPrice's body. */
	record PriceRequest(
			@NotNull @DecimalMin(value = "0", inclusive = false) @Digits(integer = 8, fraction = 2) BigDecimal price) {
	}

	/** UpdateUnitsForSale's body: units to take off sale. */
	record UnitsRequest(@NotNull @Min(1) @Max(1_000_000) Integer quantity) {
	}

}
