package dev.marketplace.buyer.feedback;

import dev.marketplace.frontend.catalog.ItemIds;
import dev.marketplace.frontend.docs.Problem;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.frontend.web.ApiException;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import dev.marketplace.proto.customer.v1.RecordFeedbackRequest;
import dev.marketplace.proto.customer.v1.RecordFeedbackResponse;
import dev.marketplace.proto.product.v1.AddItemFeedbackRequest;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.ItemServiceGrpc.ItemServiceBlockingStub;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * ProvideFeedback. The customer database decides (bought? voted before?) and counts the vote for
 * the seller; then the product database counts it for the item. Both steps are idempotent per
 * buyer and item, so when the second step fails the buyer's retry completes it (answering 409,
 * since the vote is by then recorded) instead of leaving the item's count short.
 */
@RestController
class FeedbackController {

	private final PurchaseServiceBlockingStub purchases;

	private final ItemServiceBlockingStub items;

	FeedbackController(PurchaseServiceBlockingStub purchases, ItemServiceBlockingStub items) {
		this.purchases = purchases;
		this.items = items;
	}

	@Operation(summary = "ProvideFeedback: one thumbs up or down per bought item",
			description = "Votes on an item the buyer bought; the vote counts for the item and for its seller.")
	@Problem(status = 403, code = "NOT_PURCHASED", when = "The buyer has not bought the item")
	@Problem(status = 404, code = "ITEM_NOT_FOUND", when = "No item has that ID")
	@Problem(status = 409, code = "FEEDBACK_ALREADY_GIVEN", when = "The buyer has voted on the item before")
	@PostMapping("/api/v1/items/{itemId}/feedback")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void provideFeedback(Caller buyer,
			@PathVariable @Pattern(regexp = ItemIds.PATTERN, message = ItemIds.MESSAGE) String itemId,
			@Valid @RequestBody FeedbackRequest request) {
		this.items.getItem(GetItemRequest.newBuilder().setItemId(itemId).build());
		RecordFeedbackResponse vote = this.purchases.recordFeedback(RecordFeedbackRequest.newBuilder()
			.setBuyerId(buyer.userId())
			.setItemId(itemId)
			.setThumbsUp(request.vote() == Vote.UP)
			.build());
		this.items.addItemFeedback(AddItemFeedbackRequest.newBuilder()
			.setItemId(itemId)
			.setBuyerId(buyer.userId())
			.setThumbsUp(vote.getThumbsUp())
			.build());
		if (!vote.getNewlyRecorded()) {
			throw new ApiException(HttpStatus.CONFLICT, "FEEDBACK_ALREADY_GIVEN",
					"You have already given feedback on item " + itemId);
		}
	}

	/** ProvideFeedback's body. */
	record FeedbackRequest(@NotNull Vote vote) {
	}

	enum Vote {

		UP, DOWN

	}

}
