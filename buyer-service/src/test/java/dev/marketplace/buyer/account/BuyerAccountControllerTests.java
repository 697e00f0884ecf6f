package dev.marketplace.buyer.account;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.frontend.account.AccountOperations;
import dev.marketplace.proto.customer.v1.LoginResponse;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;

@FrontendWebMvcTest(BuyerAccountController.class)
class BuyerAccountControllerTests {

	@Autowired
	MockMvcTester mvc;

	@MockitoBean
	AccountOperations accounts;

	@Test
	void aNewAccountAnswers201WithTheBuyerId() {
		given(this.accounts.createAccount(any(), anyString())).willReturn(4L);

		assertThat(post("/api/v1/buyers", "{\"username\":\"bob\",\"password\":\"correct-horse\",\"name\":\"Bob\"}"))
			.hasStatus(201)
			.bodyJson()
			.extractingPath("$.buyerId")
			.isEqualTo(4);
	}

	@Test
	void aLoginAnswersTheBuyerId() {
		given(this.accounts.login(any(), anyString())).willReturn(
				LoginResponse.newBuilder().setSessionToken("t0k3n").setUserId(4).setIdleTimeoutSeconds(300).build());

		assertThat(post("/api/v1/buyers/login", "{\"username\":\"bob\",\"password\":\"correct-horse\"}"))
			.hasStatus(200)
			.bodyJson()
			.isLenientlyEqualTo("{\"sessionToken\":\"t0k3n\",\"buyerId\":4,\"idleTimeoutSeconds\":300}");
	}

	@Test
	void aNameWithAControlCharacterIs400() {
		assertThat(post("/api/v1/buyers", "{\"username\":\"bob\",\"password\":\"correct-horse\",\"name\":\"B\\u0007ob\"}"))
			.hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0].field")
			.isEqualTo("name");
		then(this.accounts).shouldHaveNoInteractions();
	}

	private MockMvcTester.MockMvcRequestBuilder post(String uri, String json) {
		return this.mvc.post().uri(uri).contentType(MediaType.APPLICATION_JSON).content(json);
	}

}
