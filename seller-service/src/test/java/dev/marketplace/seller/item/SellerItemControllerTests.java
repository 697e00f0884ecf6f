package dev.marketplace.seller.item;

import java.util.Map;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.frontend.GrpcAnswers;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ItemResponse;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import dev.marketplace.proto.product.v1.RegisterItemRequest;
import dev.marketplace.proto.product.v1.RegisterItemResponse;
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
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willAnswer;

@FrontendWebMvcTest(SellerItemController.class)
class SellerItemControllerTests {

	private static final String LAMP = """
			{"name":"Desk lamp","category":3,"keywords":["lamp","desk"],"condition":"USED","price":12.5,"quantity":4}""";

	@Autowired
	MockMvcTester mvc;

	@Autowired
	SessionServiceGrpc.AsyncService sessions;

	@Autowired
	ItemServiceGrpc.AsyncService items;

	@BeforeEach
	void signedInAsSeller7() {
		GrpcAnswers.liveSession(this.sessions, 7);
	}

	@Test
	void aListingAnswers201WithTheItemAndItsAddress() {
		willAnswer(reply(RegisterItemResponse.newBuilder().setItem(lamp()).build())).given(this.items)
			.registerItem(any(), any());

		assertThat(post("/api/v1/sellers/me/items", LAMP)).hasStatus(201)
			.hasHeader("Location", "/api/v1/items/3-17")
			.bodyJson()
			.extractingPath("$.price")
			.isEqualTo(12.5);
		then(this.items).should()
			.registerItem(eq(RegisterItemRequest.newBuilder()
				.setSellerId(7)
				.setName("Desk lamp")
				.setCategory(3)
				.addKeywords("lamp")
				.addKeywords("desk")
				.setCondition(Condition.USED)
				.setPriceCents(1250)
				.setQuantity(4)
				.build()), any());
	}

	@Test
	void aListingWithoutANameIs400NamingTheFieldAndReachesNoDatabase() {
		assertThat(post("/api/v1/sellers/me/items", LAMP.replace("\"name\":\"Desk lamp\",", ""))).hasStatus(400)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.extractingPath("$.errors[0].field")
			.isEqualTo("name");
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void sixKeywordsAre400SayingAtMostFive() {
		String sixKeywords = LAMP.replace("[\"lamp\",\"desk\"]", "[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\"]");

		assertThat(post("/api/v1/sellers/me/items", sixKeywords)).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0]")
			.isEqualTo(Map.of("field", "keywords", "message", "at most 5 keywords"));
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void aPriceWithThreeDecimalsIs400() {
		assertThat(post("/api/v1/sellers/me/items", LAMP.replace("12.5", "12.505"))).hasStatus(400)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("VALIDATION_FAILED");
	}

	@Test
	void anotherSellersItemIs403NotItemOwner() {
		willAnswer(fail(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_ITEM_OWNER)).given(this.items)
			.changePrice(any(), any());

		assertThat(put("/api/v1/sellers/me/items/3-17/price", "{\"price\":9.99}")).hasStatus(403)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("NOT_ITEM_OWNER");
	}

	@Test
	void aMalformedItemIdIs400() {
		assertThat(put("/api/v1/sellers/me/items/lamp/price", "{\"price\":9.99}")).hasStatus(400);
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void removingMoreUnitsThanAreForSaleIs409InsufficientQuantity() {
		willAnswer(fail(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY)).given(this.items)
			.removeUnits(any(), any());

		assertThat(post("/api/v1/sellers/me/items/3-17/remove-units", "{\"quantity\":5}")).hasStatus(409)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("INSUFFICIENT_QUANTITY");
	}

	@Test
	void removingUnitsAnswersTheItemAsItIsLeft() {
		willAnswer(reply(ItemResponse.newBuilder().setItem(lamp().toBuilder().setQuantity(1)).build())).given(this.items)
			.removeUnits(any(), any());

		assertThat(post("/api/v1/sellers/me/items/3-17/remove-units", "{\"quantity\":3}")).hasStatus(200)
			.bodyJson()
			.extractingPath("$.quantity")
			.isEqualTo(1);
	}

	@Test
	void aProductDatabaseThatIsDownIs503WithRetryAfter() {
		willAnswer(fail(Status.UNAVAILABLE.asException())).given(this.items).listSellerItems(any(), any());

		assertThat(this.mvc.get().uri("/api/v1/sellers/me/items").header("Authorization", "Bearer token"))
			.hasStatus(503)
			.hasHeader("Retry-After", "1")
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("SERVICE_UNAVAILABLE");
	}

	@Test
	void aPageOfMoreThan100ItemsIs400() {
		assertThat(this.mvc.get().uri("/api/v1/sellers/me/items?limit=101").header("Authorization", "Bearer token"))
			.hasStatus(400);
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void noTokenIs401WithTheBearerChallenge() {
		assertThat(this.mvc.post().uri("/api/v1/sellers/me/items").contentType(MediaType.APPLICATION_JSON).content(LAMP))
			.hasStatus(401)
			.hasHeader("WWW-Authenticate", "Bearer");
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void aCompressedListingIs415NamingIdentityAndReachesNoDatabase() {
		assertThat(post("/api/v1/sellers/me/items", LAMP).header("Content-Encoding", "gzip")).hasStatus(415)
			.hasHeader("Accept-Encoding", "identity")
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("UNSUPPORTED_MEDIA_TYPE");
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void aListingLabelledIdentityIsReadAsSent() {
		willAnswer(reply(RegisterItemResponse.newBuilder().setItem(lamp()).build())).given(this.items)
			.registerItem(any(), any());

		assertThat(post("/api/v1/sellers/me/items", LAMP).header("Content-Encoding", "Identity")).hasStatus(201);
	}

	private MockMvcTester.MockMvcRequestBuilder post(String uri, String json) {
		return this.mvc.post().uri(uri).header("Authorization", "Bearer token").contentType(MediaType.APPLICATION_JSON)
			.content(json);
	}

	private MockMvcTester.MockMvcRequestBuilder put(String uri, String json) {
		return this.mvc.put().uri(uri).header("Authorization", "Bearer token").contentType(MediaType.APPLICATION_JSON)
			.content(json);
	}

	private static Item lamp() {
		return Item.newBuilder()
			.setItemId("3-17")
			.setName("Desk lamp")
			.setCategory(3)
			.addKeywords("lamp")
			.addKeywords("desk")
			.setCondition(Condition.USED)
			.setPriceCents(1250)
			.setQuantity(4)
			.setSellerId(7)
			.build();
	}

}
