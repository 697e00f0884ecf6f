package dev.marketplace.product.item;

import dev.marketplace.product.ProductDbIntegrationTest;
import dev.marketplace.proto.product.v1.AddItemFeedbackRequest;
import dev.marketplace.proto.product.v1.Item;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ItemFeedbackGrpcIntegrationTests extends ProductDbIntegrationTest {

	@Test
	void votesOfDifferentBuyersAddUp() {
		Item item = register(lamp().build());

		vote(item, 1, true);
		vote(item, 2, true);
		Item voted = vote(item, 3, false);

		assertThat(voted.getFeedback().getThumbsUp()).isEqualTo(2);
		assertThat(voted.getFeedback().getThumbsDown()).isEqualTo(1);
	}

	@Test
	void aRepeatedVoteOfTheSameBuyerCountsOnce() {
		Item item = register(lamp().build());

		vote(item, 1, true);
		Item again = vote(item, 1, true);

		assertThat(again.getFeedback().getThumbsUp()).isEqualTo(1);
	}

	Item vote(Item item, long buyer, boolean up) {
		return this.items
			.addItemFeedback(AddItemFeedbackRequest.newBuilder()
				.setItemId(item.getItemId())
				.setBuyerId(buyer)
				.setThumbsUp(up)
				.build())
			.getItem();
	}

}
