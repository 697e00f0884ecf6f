package dev.marketplace.product.catalog;

import java.math.BigDecimal;

import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.Feedback;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.GetItemResponse;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import dev.marketplace.proto.product.v1.RegisterItemRequest;
import dev.marketplace.proto.product.v1.RegisterItemResponse;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;

@Service
class ItemGrpcService extends ItemServiceGrpc.ItemServiceImplBase {

	private final CatalogService catalog;

	ItemGrpcService(CatalogService catalog) {
		this.catalog = catalog;
	}

	@Override
	public void registerItem(RegisterItemRequest request, StreamObserver<RegisterItemResponse> responses) {
		NewItem item = new NewItem(request.getSellerId(), request.getName(), request.getCategory(),
				request.getKeywordsList(), condition(request.getCondition()),
				BigDecimal.valueOf(request.getPriceCents(), 2), request.getQuantity());
		responses.onNext(RegisterItemResponse.newBuilder().setItem(toProto(this.catalog.register(item))).build());
		responses.onCompleted();
	}

	@Override
	public void getItem(GetItemRequest request, StreamObserver<GetItemResponse> responses) {
		responses.onNext(GetItemResponse.newBuilder().setItem(toProto(this.catalog.get(request.getItemId()))).build());
		responses.onCompleted();
	}

	/** Null when unset or unknown, which {@link NewItem} reports with the other problems. */
	private static ItemCondition condition(Condition condition) {
		return switch (condition) {
			case NEW -> ItemCondition.NEW;
			case USED -> ItemCondition.USED;
			default -> null;
		};
	}

	static dev.marketplace.proto.product.v1.Item toProto(Item item) {
		return dev.marketplace.proto.product.v1.Item.newBuilder()
			.setItemId(item.itemId().toString())
			.setName(item.name())
			.setCategory(item.category())
			.addAllKeywords(item.keywords())
			.setCondition(Condition.valueOf(item.condition().name()))
			.setPriceCents(item.price().movePointRight(2).longValueExact())
			.setQuantity(item.quantity())
			.setSellerId(item.sellerId())
			.setFeedback(Feedback.newBuilder().setThumbsUp(item.thumbsUp()).setThumbsDown(item.thumbsDown()))
			.build();
	}

}
