package dev.marketplace.seller.item;

import java.net.URI;

import dev.marketplace.frontend.catalog.ItemJson;
import dev.marketplace.frontend.catalog.Money;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ItemServiceGrpc.ItemServiceBlockingStub;
import dev.marketplace.proto.product.v1.RegisterItemRequest.Builder;
import jakarta.validation.Valid;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/sellers/me/items")
class SellerItemController {

	private final ItemServiceBlockingStub items;

	SellerItemController(ItemServiceBlockingStub items) {
		this.items = items;
	}

	@PostMapping
	ResponseEntity<ItemJson> registerItem(Caller seller, @Valid @RequestBody RegisterItemRequest request) {
		Builder grpcRequest = dev.marketplace.proto.product.v1.RegisterItemRequest.newBuilder()
			.setSellerId(seller.userId())
			.setName(request.name())
			.setCategory(request.category())
			.addAllKeywords(request.keywords())
			.setCondition(Condition.valueOf(request.condition().name()))
			.setPriceCents(Money.toCents(request.price()))
			.setQuantity(request.quantity());
		Item item = this.items.registerItem(grpcRequest.build()).getItem();
		return ResponseEntity.created(URI.create("/api/v1/items/" + item.getItemId())).body(ItemJson.from(item));
	}

}
