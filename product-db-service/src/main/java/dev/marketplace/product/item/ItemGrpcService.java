package dev.marketplace.product.item;

import java.math.BigDecimal;
import java.util.List;

import dev.marketplace.proto.product.v1.AddItemFeedbackRequest;
import dev.marketplace.proto.product.v1.ChangePriceRequest;
import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.GetItemResponse;
import dev.marketplace.proto.product.v1.GetItemsRequest;
import dev.marketplace.proto.product.v1.GetItemsResponse;
import dev.marketplace.proto.product.v1.ItemResponse;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import dev.marketplace.proto.product.v1.ItemsResponse;
import dev.marketplace.proto.product.v1.ListSellerItemsRequest;
import dev.marketplace.proto.product.v1.RegisterItemRequest;
import dev.marketplace.proto.product.v1.RegisterItemResponse;
import dev.marketplace.proto.product.v1.RemoveUnitsRequest;
import dev.marketplace.proto.product.v1.SearchItemsRequest;
import io.grpc.stub.StreamObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Service;

@Service
class ItemGrpcService extends ItemServiceGrpc.ItemServiceImplBase {

	private final ItemCatalog catalog;

	private final Counter itemsListed;

	ItemGrpcService(ItemCatalog catalog, MeterRegistry meters) {
		this.catalog = catalog;
		this.itemsListed = Counter.builder("marketplace.items.listed")
			.description("Items listed for sale, counted once each listing commits")
			.register(meters);
	}

	@Override
	public void registerItem(RegisterItemRequest request, StreamObserver<RegisterItemResponse> responses) {
		NewItem item = new NewItem(request.getSellerId(), request.getName(), request.getCategory(),
				request.getKeywordsList(), condition(request.getCondition()),
				BigDecimal.valueOf(request.getPriceCents(), 2), request.getQuantity());
		Item listed = this.catalog.register(item);
		this.itemsListed.increment();
		reply(responses, RegisterItemResponse.newBuilder().setItem(ItemMessages.toProto(listed)).build());
	}

	@Override
	public void getItem(GetItemRequest request, StreamObserver<GetItemResponse> responses) {
		reply(responses,
				GetItemResponse.newBuilder().setItem(ItemMessages.toProto(this.catalog.get(request.getItemId()))).build());
	}

	@Override
	public void getItems(GetItemsRequest request, StreamObserver<GetItemsResponse> responses) {
		List<Item> items = this.catalog.getAll(request.getItemIdsList());
		reply(responses,
				GetItemsResponse.newBuilder().addAllItems(items.stream().map(ItemMessages::toProto).toList()).build());
	}

	@Override
	public void changePrice(ChangePriceRequest request, StreamObserver<ItemResponse> responses) {
		reply(responses,
				item(this.catalog.changePrice(request.getSellerId(), request.getItemId(), request.getPriceCents())));
	}

	@Override
	public void removeUnits(RemoveUnitsRequest request, StreamObserver<ItemResponse> responses) {
		reply(responses,
				item(this.catalog.removeUnits(request.getSellerId(), request.getItemId(), request.getQuantity())));
	}

	@Override
	public void listSellerItems(ListSellerItemsRequest request, StreamObserver<ItemsResponse> responses) {
		reply(responses, items(this.catalog.sellerItems(request.getSellerId(),
				Page.of(request.getLimit(), request.getOffset()))));
	}

	@Override
	public void searchItems(SearchItemsRequest request, StreamObserver<ItemsResponse> responses) {
		reply(responses, items(this.catalog.search(request.getCategory(), request.getKeywordsList(),
				Page.of(request.getLimit(), request.getOffset()))));
	}

	@Override
	public void addItemFeedback(AddItemFeedbackRequest request, StreamObserver<ItemResponse> responses) {
		reply(responses,
				item(this.catalog.addFeedback(request.getItemId(), request.getBuyerId(), request.getThumbsUp())));
	}

	private static <T> void reply(StreamObserver<T> responses, T response) {
		responses.onNext(response);
		responses.onCompleted();
	}

	private static ItemResponse item(Item item) {
		return ItemResponse.newBuilder().setItem(ItemMessages.toProto(item)).build();
	}

	private static ItemsResponse items(List<Item> items) {
		return ItemsResponse.newBuilder().addAllItems(items.stream().map(ItemMessages::toProto).toList()).build();
	}

	/** Null when unset or unknown, which {@link NewItem} reports with the other problems. */
	private static ItemCondition condition(Condition condition) {
		return switch (condition) {
			case NEW -> ItemCondition.NEW;
			case USED -> ItemCondition.USED;
			default -> null;
		};
	}

}
