package dev.marketplace.buyer.item;

import dev.marketplace.frontend.catalog.ItemJson;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.ItemServiceGrpc.ItemServiceBlockingStub;
import jakarta.validation.constraints.Pattern;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/items")
class ItemController {

	static final String ITEM_ID = "\\d{1,9}-\\d{1,18}";

	private final ItemServiceBlockingStub items;

	ItemController(ItemServiceBlockingStub items) {
		this.items = items;
	}

	@GetMapping("/{itemId}")
	ItemJson getItem(Caller buyer,
			@PathVariable @Pattern(regexp = ITEM_ID, message = "must look like <category>-<number>") String itemId) {
		return ItemJson.from(this.items.getItem(GetItemRequest.newBuilder().setItemId(itemId).build()).getItem());
	}

}
