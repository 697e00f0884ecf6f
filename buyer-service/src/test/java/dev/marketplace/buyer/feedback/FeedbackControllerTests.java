package dev.marketplace.buyer.feedback;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.frontend.GrpcAnswers;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import dev.marketplace.proto.customer.v1.RecordFeedbackResponse;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import dev.marketplace.proto.product.v1.ItemServiceGrpc.ItemServiceBlockingStub;
import io.grpc.Status;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;

@FrontendWebMvcTest(FeedbackController.class)
class FeedbackControllerTests {

	@Autowired
	MockMvcTester mvc;

	@Autowired
	SessionServiceBlockingStub sessions;

	@MockitoBean
	PurchaseServiceBlockingStub purchases;

	@MockitoBean
	ItemServiceBlockingStub items;

	@BeforeEach
	void signedInAsBuyer4() {
		GrpcAnswers.liveSession(this.sessions, 4);
	}

	@Test
	void aFirstVoteIsCountedForTheItemAndAnswers204() {
		given(this.purchases.recordFeedback(any()))
			.willReturn(RecordFeedbackResponse.newBuilder().setSellerId(7).setThumbsUp(true).setNewlyRecorded(true).build());

		assertThat(vote("{\"vote\":\"UP\"}")).hasStatus(204);
		then(this.items).should().addItemFeedback(argThat((request) -> request.getThumbsUp() && request.getBuyerId() == 4));
	}

	@Test
	void aSecondVoteIs409AndStillCompletesTheItemsCount() {
		given(this.purchases.recordFeedback(any()))
			.willReturn(RecordFeedbackResponse.newBuilder().setSellerId(7).setThumbsUp(false).build());

		assertThat(vote("{\"vote\":\"UP\"}")).hasStatus(409)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("FEEDBACK_ALREADY_GIVEN");
		then(this.items).should().addItemFeedback(argThat((request) -> !request.getThumbsUp()));
	}

	@Test
	void anItemNotBoughtIs403NotPurchased() {
		given(this.purchases.recordFeedback(any()))
			.willThrow(GrpcAnswers.failure(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_PURCHASED));

		assertThat(vote("{\"vote\":\"DOWN\"}")).hasStatus(403)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("NOT_PURCHASED");
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
