package dev.marketplace.buyer.rating;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.GetSellerRatingResponse;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static dev.marketplace.frontend.GrpcAnswers.fail;
import static dev.marketplace.frontend.GrpcAnswers.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willAnswer;

@FrontendWebMvcTest(SellerRatingController.class)
class SellerRatingControllerTests {

	@Autowired
	MockMvcTester mvc;

	@Autowired
	SellerServiceGrpc.AsyncService sellers;

	@Test
	void anySellersRatingIsReadInTheBuyersSession() {
		willAnswer(reply(GetSellerRatingResponse.newBuilder().setSellerId(7).setThumbsUp(1).build())).given(this.sellers)
			.getSellerRating(any(), any());

		assertThat(this.mvc.get().uri("/api/v1/sellers/7/rating").header("Authorization", "Bearer t0k3n"))
			.hasStatus(200)
			.bodyJson()
			.isLenientlyEqualTo("{\"sellerId\":7,\"thumbsUp\":1,\"thumbsDown\":0}");
		then(this.sellers).should()
			.getSellerRating(argThat((request) -> request.getSellerId() == 7 && !request.getOwn()), any());
	}

	@Test
	void anUnknownSellerIs404SellerNotFound() {
		willAnswer(fail(Status.Code.NOT_FOUND, ErrorCode.SELLER_NOT_FOUND)).given(this.sellers)
			.getSellerRating(any(), any());

		assertThat(this.mvc.get().uri("/api/v1/sellers/99/rating").header("Authorization", "Bearer t0k3n"))
			.hasStatus(404)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("SELLER_NOT_FOUND");
	}

	@Test
	void aSellerIdInHexadecimalIs400() {
		assertThat(this.mvc.get().uri("/api/v1/sellers/0x7/rating").header("Authorization", "Bearer t0k3n"))
			.hasStatus(400);
		then(this.sellers).shouldHaveNoInteractions();
	}

}
