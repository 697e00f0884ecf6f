package dev.marketplace.seller.rating;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
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
	void theOwnRatingIsReadWithTheSessionTokenInOneCall() {
		willAnswer(reply(GetSellerRatingResponse.newBuilder().setSellerId(7).setThumbsUp(3).setThumbsDown(1).build()))
			.given(this.sellers)
			.getSellerRating(any(), any());

		assertThat(this.mvc.get().uri("/api/v1/sellers/me/rating").header("Authorization", "Bearer t0k3n"))
			.hasStatus(200)
			.bodyJson()
			.isLenientlyEqualTo("{\"sellerId\":7,\"thumbsUp\":3,\"thumbsDown\":1}");
		then(this.sellers).should()
			.getSellerRating(argThat((GetSellerRatingRequest request) -> request.getOwn()
					&& request.getSession().getSessionToken().equals("t0k3n")), any());
	}

	@Test
	void aDeadSessionIs401() {
		willAnswer(fail(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED)).given(this.sellers)
			.getSellerRating(any(), any());

		assertThat(this.mvc.get().uri("/api/v1/sellers/me/rating").header("Authorization", "Bearer t0k3n"))
			.hasStatus(401)
			.hasHeader("WWW-Authenticate", "Bearer");
	}

	@Test
	void twoAuthorizationHeadersAre401WithoutACall() {
		assertThat(this.mvc.get()
			.uri("/api/v1/sellers/me/rating")
			.header("Authorization", "Bearer one")
			.header("Authorization", "Bearer two")).hasStatus(401);
		then(this.sellers).shouldHaveNoInteractions();
	}

}
