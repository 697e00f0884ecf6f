package dev.marketplace.buyer.feedback;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.frontend.GrpcAnswers;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.RecordFeedbackResponse;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.proto.product.v1.GetItemResponse;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ItemResponse;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import io.grpc.Status;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static dev.marketplace.frontend.GrpcAnswers.fail;
import static dev.marketplace.frontend.GrpcAnswers.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willAnswer;

@FrontendWebMvcTest(FeedbackController.class)
class FeedbackControllerTests {

	@Autowired
	MockMvcTester mvc;

	@Autowired
	SessionServiceGrpc.AsyncService sessions;

	@Autowired
	PurchaseServiceGrpc.AsyncService purchases;

	@Autowired
	ItemServiceGrpc.AsyncService items;

	@BeforeEach
	void signedInAsBuyer4AndTheItemIsListed() {
		GrpcAnswers.liveSession(this.sessions, 4);
		Item lamp = Item.newBuilder().setItemId("3-17").setSellerId(7).build();
		willAnswer(reply(GetItemResponse.newBuilder().setItem(lamp).build())).given(this.items).getItem(any(), any());
		willAnswer(reply(ItemResponse.newBuilder().setItem(lamp).build())).given(this.items)
			.addItemFeedback(any(), any());
	}

	@Test
	void aFirstVoteIsCountedForTheItemAndAnswers204() {
		willAnswer(reply(
				RecordFeedbackResponse.newBuilder().setSellerId(7).setThumbsUp(true).setNewlyRecorded(true).build()))
			.given(this.purchases)
			.recordFeedback(any(), any());

		assertThat(vote("{\"vote\":\"UP\"}")).hasStatus(204);
		then(this.items).should()
			.addItemFeedback(argThat((request) -> request.getThumbsUp() && request.getBuyerId() == 4), any());
	}

	@Test
	void aSecondVoteIs409AndStillCompletesTheItemsCount() {
		willAnswer(reply(RecordFeedbackResponse.newBuilder().setSellerId(7).setThumbsUp(false).build()))
			.given(this.purchases)
			.recordFeedback(any(), any());

		assertThat(vote("{\"vote\":\"UP\"}")).hasStatus(409)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("FEEDBACK_ALREADY_GIVEN");
		then(this.items).should().addItemFeedback(argThat((request) -> !request.getThumbsUp()), any());
	}

	@Test
	void anItemNotBoughtIs403NotPurchased() {
		willAnswer(fail(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_PURCHASED)).given(this.purchases)
			.recordFeedback(any(), any());

		assertThat(vote("{\"vote\":\"DOWN\"}")).hasStatus(403)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("NOT_PURCHASED");
	}

	@Test
	void anUnknownItemIs404ItemNotFoundAndRecordsNoVote() {
		willAnswer(fail(Status.Code.NOT_FOUND, ErrorCode.ITEM_NOT_FOUND)).given(this.items).getItem(any(), any());

		assertThat(vote("{\"vote\":\"UP\"}")).hasStatus(404)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("ITEM_NOT_FOUND");
		then(this.purchases).shouldHaveNoInteractions();
	}

	@Test
	void aVoteInLowerCaseIs400NamingTheValuesAllowed() {
		assertThat(vote("{\"vote\":\"up\"}")).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0].message")
			.isEqualTo("must be one of UP, DOWN");
		then(this.purchases).shouldHaveNoInteractions();
	}

	private MockMvcTester.MockMvcRequestBuilder vote(String json) {
		return this.mvc.post()
			.uri("/api/v1/items/3-17/feedback")
			.header("Authorization", "Bearer t0k3n")
			.contentType(MediaType.APPLICATION_JSON)
			.content(json);
	}

}
