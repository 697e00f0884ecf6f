package dev.marketplace.seller.account;

import java.time.Duration;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.frontend.GrpcAnswers;
import dev.marketplace.frontend.account.AccountOperations;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.LoginResponse;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;

@FrontendWebMvcTest(SellerAccountController.class)
class SellerAccountControllerTests {

	private static final String ALICE = "{\"username\":\"alice\",\"password\":\"correct-horse\",\"name\":\"Alice\"}";

	@Autowired
	MockMvcTester mvc;

	@MockitoBean
	AccountOperations accounts;

	@Test
	void aNewAccountAnswers201WithTheSellerId() {
		given(this.accounts.createAccount(any(), anyString())).willReturn(7L);

		assertThat(post("/api/v1/sellers", ALICE)).hasStatus(201).bodyJson().extractingPath("$.sellerId").isEqualTo(7);
	}

	@Test
	void aPasswordShorterThan8CharactersIs400NamingTheField() {
		assertThat(post("/api/v1/sellers", ALICE.replace("correct-horse", "short"))).hasStatus(400)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.extractingPath("$.errors[0].field")
			.isEqualTo("password");
		then(this.accounts).shouldHaveNoInteractions();
	}

	@Test
	void aTakenUsernameIs409UsernameTaken() {
		given(this.accounts.createAccount(any(), anyString()))
			.willThrow(GrpcAnswers.failure(Status.Code.ALREADY_EXISTS, ErrorCode.USERNAME_TAKEN));

		assertThat(post("/api/v1/sellers", ALICE)).hasStatus(409)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("USERNAME_TAKEN");
	}

	@Test
	void aLoginAnswersTheTokenWithTheSellerIdAndIdleTimeout() {
		given(this.accounts.login(any(), anyString())).willReturn(
				LoginResponse.newBuilder().setSessionToken("t0k3n").setUserId(7).setIdleTimeoutSeconds(300).build());

		assertThat(post("/api/v1/sellers/login", "{\"username\":\"alice\",\"password\":\"correct-horse\"}"))
			.hasStatus(200)
			.bodyJson()
			.isLenientlyEqualTo("{\"sessionToken\":\"t0k3n\",\"sellerId\":7,\"idleTimeoutSeconds\":300}");
	}

	@Test
	void aWrongPasswordIs401InvalidCredentials() {
		given(this.accounts.login(any(), anyString()))
			.willThrow(GrpcAnswers.failure(Status.Code.UNAUTHENTICATED, ErrorCode.INVALID_CREDENTIALS));

		assertThat(post("/api/v1/sellers/login", "{\"username\":\"alice\",\"password\":\"wrong-horse\"}"))
			.hasStatus(401)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("INVALID_CREDENTIALS");
	}

	@Test
	void tooManyLoginsIs429WithRetryAfter() {
		StatusException limited = MarketplaceException.tooManyRequests("too many logins", Duration.ofSeconds(42))
			.toStatusException();
		given(this.accounts.login(any(), anyString()))
			.willThrow(new StatusRuntimeException(limited.getStatus(), limited.getTrailers()));

		assertThat(post("/api/v1/sellers/login", "{\"username\":\"alice\",\"password\":\"correct-horse\"}"))
			.hasStatus(429)
			.hasHeader("Retry-After", "42")
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("TOO_MANY_REQUESTS");
	}

	@Test
	void aLogoutWithoutTokenIs401AndEndsNothing() {
		assertThat(this.mvc.post().uri("/api/v1/sellers/logout")).hasStatus(401);
		then(this.accounts).shouldHaveNoInteractions();
	}

	/** A client's mistake like any other 4xx: answered, not logged as a warning for each request. */
	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void aWrongMethodIs405NamingTheAllowedOneWithoutAWarningInTheLog(CapturedOutput output) {
		assertThat(this.mvc.get().uri("/api/v1/sellers")).hasStatus(405)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.hasHeader("Allow", "POST")
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("METHOD_NOT_ALLOWED");
		assertThat(output).doesNotContain("WARN").doesNotContain("not supported");
	}

	private MockMvcTester.MockMvcRequestBuilder post(String uri, String json) {
		return this.mvc.post().uri(uri).contentType(MediaType.APPLICATION_JSON).content(json);
	}

}
