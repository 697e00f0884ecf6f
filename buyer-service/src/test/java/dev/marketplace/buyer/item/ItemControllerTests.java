package dev.marketplace.buyer.item;

import java.util.Map;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.frontend.GrpcAnswers;
import dev.marketplace.frontend.web.PlainText;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.GetItemResponse;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import dev.marketplace.proto.product.v1.ItemsResponse;
import dev.marketplace.proto.product.v1.SearchItemsRequest;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static dev.marketplace.frontend.GrpcAnswers.fail;
import static dev.marketplace.frontend.GrpcAnswers.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willAnswer;

@FrontendWebMvcTest(ItemController.class)
class ItemControllerTests {

	@Autowired
	MockMvcTester mvc;

	@Autowired
	SessionServiceGrpc.AsyncService sessions;

	@Autowired
	ItemServiceGrpc.AsyncService items;

	@Test
	void aSearchSendsTheTrimmedKeywordsAndAnswersTheItemsRanked() {
		GrpcAnswers.liveSession(this.sessions, 4);
		willAnswer(reply(ItemsResponse.newBuilder().addItems(lamp()).build())).given(this.items)
			.searchItems(any(), any());

		assertThat(get("/api/v1/items?category=3&keywords= lamp ,desk")).hasStatus(200)
			.bodyJson()
			.extractingPath("$.items[0].itemId")
			.isEqualTo("3-17");
		then(this.items).should()
			.searchItems(eq(SearchItemsRequest.newBuilder()
				.setCategory(3)
				.addKeywords("lamp")
				.addKeywords("desk")
				.setLimit(20)
				.setOffset(0)
				.build()), any());
	}

	@Test
	void keywordsCommaSeparatedAndRepeatedAtOnceAreAllSearched() {
		GrpcAnswers.liveSession(this.sessions, 4);
		willAnswer(reply(ItemsResponse.getDefaultInstance())).given(this.items).searchItems(any(), any());

		assertThat(get("/api/v1/items?category=3").param("keywords", "lamp, desk", " chair ")).hasStatus(200);
		then(this.items).should()
			.searchItems(eq(SearchItemsRequest.newBuilder()
				.setCategory(3)
				.addKeywords("lamp")
				.addKeywords("desk")
				.addKeywords("chair")
				.setLimit(20)
				.setOffset(0)
				.build()), any());
	}

	@Test
	void sixKeywordsGivenAsTwoValuesOfThreeAre400SayingAtMostFive() {
		assertThat(get("/api/v1/items?category=3").param("keywords", "a,b,c", "d,e,f")).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0]")
			.isEqualTo(Map.of("field", "keywords", "message", "at most 5 keywords"));
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void aControlCharacterInARepeatedValueIs400NamingTheKeywordsPosition() {
		assertThat(get("/api/v1/items?category=3").param("keywords", "lamp", "chair,de\u0001sk")).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0]")
			.isEqualTo(Map.of("field", "keywords[2]", "message", PlainText.MESSAGE));
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void sixKeywordsAre400SayingAtMostFive() {
		assertThat(get("/api/v1/items?category=3&keywords=a,b,c,d,e,f")).hasStatus(400)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.extractingPath("$.errors[0]")
			.isEqualTo(Map.of("field", "keywords", "message", "at most 5 keywords"));
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void aKeywordWithAControlCharacterIs400NamingItsPosition() {
		assertThat(get("/api/v1/items?category=3").param("keywords", "lamp,de\u0001sk")).hasStatus(400)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.extractingPath("$.errors[0]")
			.isEqualTo(Map.of("field", "keywords[1]", "message", PlainText.MESSAGE));
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void aKeywordThatIsOnlyAControlCharacterIs400NotTrimmedAway() {
		assertThat(get("/api/v1/items?category=3").param("keywords", "\u0004")).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0]")
			.isEqualTo(Map.of("field", "keywords[0]", "message", PlainText.MESSAGE));
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void sixEmptyRepeatedKeywordsAre400AsSixEmptyCommaSeparatedOnesAre() {
		assertThat(get("/api/v1/items?category=3").param("keywords", "", "", "", "", "", "")).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0]")
			.isEqualTo(Map.of("field", "keywords", "message", "at most 5 keywords"));
		assertThat(get("/api/v1/items?category=3&keywords=,,,,,")).hasStatus(400);
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void anEmptyOffsetIs400NamingItWhereLeavingItOutMeansZero() {
		assertThat(get("/api/v1/items?category=3&offset=")).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0].field")
			.isEqualTo("offset");
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void aCategoryPastNineDigitsIs400() {
		assertThat(get("/api/v1/items?category=1000000000")).hasStatus(400);
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void aCategoryWrittenInOtherDigitsIs400NamingTheParameter() {
		assertThat(get("/api/v1/items?category=٣")).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0].field")
			.isEqualTo("category");
	}

	@Test
	void anUnknownItemIs404ItemNotFound() {
		GrpcAnswers.liveSession(this.sessions, 4);
		willAnswer(fail(Status.Code.NOT_FOUND, ErrorCode.ITEM_NOT_FOUND)).given(this.items).getItem(any(), any());

		assertThat(get("/api/v1/items/3-999")).hasStatus(404).bodyJson().extractingPath("$.code").isEqualTo("ITEM_NOT_FOUND");
	}

	@Test
	void aDeadSessionIs401EvenForAnItemThatExists() {
		GrpcAnswers.deadSession(this.sessions);
		willAnswer(reply(GetItemResponse.newBuilder().setItem(lamp()).build())).given(this.items).getItem(any(), any());

		assertThat(get("/api/v1/items/3-17")).hasStatus(401).hasHeader("WWW-Authenticate", "Bearer");
	}

	private MockMvcTester.MockMvcRequestBuilder get(String uri) {
		return this.mvc.get().uri(uri).header("Authorization", "Bearer t0k3n");
	}

	static Item lamp() {
		return Item.newBuilder()
			.setItemId("3-17")
			.setName("Desk lamp")
			.setCategory(3)
			.addKeywords("lamp")
			.setCondition(Condition.USED)
			.setPriceCents(1250)
			.setQuantity(4)
			.setSellerId(7)
			.build();
	}

}
