package dev.marketplace.product.item;

import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.Feedback;

/** Items as the gRPC contract carries them: money in whole cents. */
public final class ItemMessages {

	private ItemMessages() {
	}

	public static dev.marketplace.proto.product.v1.Item toProto(Item item) {
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
