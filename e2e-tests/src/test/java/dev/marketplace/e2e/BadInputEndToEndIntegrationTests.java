package dev.marketplace.e2e;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/** Whatever a client sends, the answer is a 4xx problem, never a 5xx or a stack trace. */
class BadInputEndToEndIntegrationTests extends SharedMarketplaceTest {

	static String seller;

	@BeforeAll
	static void marketplace() throws Exception {
		seller = marketplace.newSellerSession();
	}

	@Test
	void malformedJsonIs400() {
		assertProblem(post("{\"name\": ", "application/json"), 400, "VALIDATION_FAILED");
	}

	@Test
	void wrongTypesAre400() {
		assertProblem(post("{\"name\":\"x\",\"category\":\"three\",\"condition\":\"NEW\",\"price\":1,\"quantity\":1}",
				"application/json"), 400, "VALIDATION_FAILED");
		assertProblem(post("{\"name\":\"x\",\"category\":3,\"condition\":\"NEW\",\"price\":\"cheap\",\"quantity\":1}",
				"application/json"), 400, "VALIDATION_FAILED");
		assertProblem(post("{\"name\":\"x\",\"category\":3,\"condition\":\"NEW\",\"price\":\"12.5\","
				+ "\"quantity\":\"2\"}", "application/json"), 400, "VALIDATION_FAILED");
		assertProblem(post("{\"name\":123,\"category\":3,\"condition\":\"NEW\",\"price\":1,\"quantity\":1}",
				"application/json"), 400, "VALIDATION_FAILED");
		assertProblem(post("{\"name\":\"x\",\"category\":3,\"keywords\":[true],\"condition\":\"NEW\",\"price\":1,"
				+ "\"quantity\":1}", "application/json"), 400, "VALIDATION_FAILED");
	}

	@Test
	void aFieldOfTheWrongTypeIsNamedWithWhatItMustBe() {
		RestClient.Response condition = post(
				"{\"name\":\"x\",\"category\":3,\"condition\":\"BROKEN\",\"price\":1,\"quantity\":1}",
				"application/json");
		RestClient.Response quantity = post(
				"{\"name\":\"x\",\"category\":3,\"condition\":\"NEW\",\"price\":1,\"quantity\":\"2\"}",
				"application/json");

		assertProblem(condition, 400, "VALIDATION_FAILED");
		assertThat(condition.body().path("errors").get(0).path("field").asString()).isEqualTo("condition");
		assertThat(condition.body().path("errors").get(0).path("message").asString()).isEqualTo("must be one of NEW, USED");
		assertProblem(quantity, 400, "VALIDATION_FAILED");
		assertThat(quantity.body().path("errors").findValuesAsString("field")).containsExactly("quantity");
	}

	@Test
	void unknownEnumValueIs400() {
		assertProblem(post("{\"name\":\"x\",\"category\":3,\"condition\":\"BROKEN\",\"price\":1,\"quantity\":1}",
				"application/json"), 400, "VALIDATION_FAILED");
		assertProblem(post("{\"name\":\"x\",\"category\":3,\"condition\":0,\"price\":1,\"quantity\":1}",
				"application/json"), 400, "VALIDATION_FAILED");
	}

	@Test
	void aFractionalCountIs400NotRoundedDown() {
		assertProblem(post("{\"name\":\"x\",\"category\":3,\"keywords\":[\"a\"],\"condition\":\"NEW\",\"price\":1,"
				+ "\"quantity\":2.5}", "application/json"), 400, "VALIDATION_FAILED");
	}

	@Test
	void aDuplicateKeyIs400NotEitherValue() {
		assertProblem(post("{\"name\":\"x\",\"category\":3,\"condition\":\"NEW\",\"price\":1,\"quantity\":1,"
				+ "\"quantity\":5}", "application/json"), 400, "VALIDATION_FAILED");
	}

	@Test
	void yamlXmlAndMultipartAreNeitherReadNorWritten() {
		assertProblem(post("name: x\ncategory: 3\ncondition: NEW\nprice: 1\nquantity: 1.5\n", "application/yaml"),
				415, "UNSUPPORTED_MEDIA_TYPE");
		assertProblem(post("<item><name>x</name></item>", "application/xml"), 415, "UNSUPPORTED_MEDIA_TYPE");
		assertProblem(post("--zzz\r\nbroken", "multipart/form-data; boundary=zzz"), 415, "UNSUPPORTED_MEDIA_TYPE");
		assertProblem(marketplace.rest.get(stack.sellerUrl + "/api/v1/sellers/me/items", seller,
				Map.of("Accept", "application/yaml")), 406, "NOT_ACCEPTABLE");
	}

	@Test
	void aWholeNumberTooLargeForItsFieldIsNamedWithItsRange() {
		RestClient.Response quantity = post(
				"{\"name\":\"x\",\"category\":3,\"condition\":\"NEW\",\"price\":1,\"quantity\":99999999999}",
				"application/json");

		assertProblem(quantity, 400, "VALIDATION_FAILED");
		assertThat(quantity.body().path("errors").get(0).path("field").asString()).isEqualTo("quantity");
		assertThat(quantity.body().path("errors").get(0).path("message").asString())
			.isEqualTo("must be a whole number, from -2147483648 to 2147483647");
	}

	@Test
	void aPathNoEndpointAnswersIs404NamingTheMethodAndTheContract() {
		RestClient.Response answer = marketplace.rest.get(stack.sellerUrl + "/api/v1/nothing-here", seller);

		assertProblem(answer, 404, "NOT_FOUND");
		assertThat(answer.body().path("detail").asString())
			.isEqualTo("No endpoint answers GET at this path; docs/REST-API.md lists them");
	}

	@Test
	void anAcceptHeaderThatIsNotAMediaTypeListIsTakenAsAbsent() {
		Map<String, String> garbage = Map.of("Accept", "garbage");

		assertProblem(marketplace.rest.get(stack.sellerUrl + "/api/v1/nothing-here", seller, garbage), 404,
				"NOT_FOUND");
		assertProblem(marketplace.rest.get(stack.sellerUrl + "/api/v1/sellers/me/items", null, garbage), 401,
				"UNAUTHENTICATED");
		assertProblem(marketplace.rest.post(stack.sellerUrl + "/api/v1/sellers/me/items", seller,
				Map.of("name", "x".repeat(20_000)), garbage), 413, "PAYLOAD_TOO_LARGE");
		RestClient.Response items = marketplace.rest.get(stack.sellerUrl + "/api/v1/sellers/me/items", seller, garbage);
		assertThat(items.status()).isEqualTo(200);
		assertThat(items.contentType()).startsWith("application/json");
	}

	@Test
	void aSuccessIsLabelledJsonWhenTheClientAsksForProblemJson() {
		Map<String, String> problemsOnly = Map.of("Accept", "application/problem+json");

		RestClient.Response items = marketplace.rest.get(stack.sellerUrl + "/api/v1/sellers/me/items", seller,
				problemsOnly);
		assertThat(items.status()).isEqualTo(200);
		assertThat(items.contentType()).startsWith("application/json");
		assertProblem(marketplace.rest.get(stack.sellerUrl + "/api/v1/sellers/me/items", null, problemsOnly), 401,
				"UNAUTHENTICATED");
	}

	@Test
	void missingBodyIs400() {
		assertProblem(post("", "application/json"), 400, "VALIDATION_FAILED");
	}

	@Test
	void wrongContentTypeIs415() {
		assertProblem(post("name=x", "text/plain"), 415, "UNSUPPORTED_MEDIA_TYPE");
	}

	@Test
	void aCompressedBodyIs415NamingTheCodingThatIsRead() {
		RestClient.Response compressed = marketplace.rest.post(stack.buyerUrl + "/api/v1/buyers", null,
				Map.of("username", "gzip-body", "password", "password-1", "name", "Ada"),
				Map.of("Content-Encoding", "gzip"));

		assertProblem(compressed, 415, "UNSUPPORTED_MEDIA_TYPE");
		assertThat(compressed.header("Accept-Encoding")).isEqualTo("identity");
	}

	@Test
	void hugeBodyIs413() {
		String huge = "{\"name\":\"" + "x".repeat(200_000) + "\"}";

		assertProblem(post(huge, "application/json"), 413, "PAYLOAD_TOO_LARGE");
	}

	@Test
	void aHugeBodySentWithoutALengthIs413AndASmallOneIsRead() {
		String url = stack.sellerUrl + "/api/v1/sellers/me/items";
		String valid = "{\"name\":\"Lamp\",\"category\":3,\"keywords\":[\"lamp\"],\"condition\":\"NEW\","
				+ "\"price\":1,\"quantity\":1}";

		assertProblem(marketplace.rest.postChunked(url, seller, "{\"name\":\"" + "x".repeat(200_000) + "\"}"), 413,
				"PAYLOAD_TOO_LARGE");
		assertThat(marketplace.rest.postChunked(url, seller, valid).status()).isEqualTo(201);
	}

	@Test
	void tooManyKeywordsOrTooLongOnesAre400WithTheFieldNamed() {
		RestClient.Response response = marketplace.registerItem(seller,
				Marketplace.item("keywords", List.of("toolongword")));

		assertProblem(response, 400, "VALIDATION_FAILED");
		assertThat(response.body().path("errors").findValuesAsString("field")).isNotEmpty();
	}

	@Test
	void aBodysInvalidFieldIsNamedWhereThePathHasAParameterToo() {
		RestClient.Response price = marketplace.rest.put(stack.sellerUrl + "/api/v1/sellers/me/items/3-17/price", seller,
				Map.of("price", 0));
		RestClient.Response units = marketplace.rest.post(
				stack.sellerUrl + "/api/v1/sellers/me/items/3-17/remove-units", seller, Map.of("quantity", 0));

		assertProblem(price, 400, "VALIDATION_FAILED");
		assertThat(price.body().path("errors").findValuesAsString("field")).containsExactly("price");
		assertProblem(units, 400, "VALIDATION_FAILED");
		assertThat(units.body().path("errors").findValuesAsString("field")).containsExactly("quantity");
	}

	@Test
	void controlCharactersAndInvalidUnicodeInTextAre400WithTheFieldNamed() {
		// JSON escapes, as a client would send them: a NUL and an unpaired surrogate.
		RestClient.Response item = post("{\"name\":\"Desk\\u0000lamp\",\"category\":3,\"keywords\":[\"lamp\","
				+ "\"de\\ud800sk\"],\"condition\":\"NEW\",\"price\":1,\"quantity\":1}", "application/json");
		RestClient.Response account = marketplace.rest.post(stack.buyerUrl + "/api/v1/buyers", null,
				Map.of("username", "control-chars", "password", "password-1", "name", "Ada\nLovelace"));
		RestClient.Response purchase = marketplace.makePurchase(marketplace.newBuyerSession(), null,
				Marketplace.card("cardholderName", "Ada Lovelace\uFFFF"));

		assertProblem(item, 400, "VALIDATION_FAILED");
		assertThat(item.body().path("errors").findValuesAsString("field")).containsExactlyInAnyOrder("name",
				"keywords[1]");
		assertProblem(account, 400, "VALIDATION_FAILED");
		assertThat(account.body().path("errors").findValuesAsString("field")).containsExactly("name");
		assertProblem(purchase, 400, "VALIDATION_FAILED");
		assertThat(purchase.body().path("errors").findValuesAsString("field")).containsExactly("cardholderName");
	}

	@Test
	void twoAuthorizationHeadersAre401EvenIfOneIsValid() {
		assertProblem(marketplace.rest.get(stack.sellerUrl + "/api/v1/sellers/me/items", seller,
				Map.of("Authorization", "Bearer someone-else")), 401, "UNAUTHENTICATED");
	}

	@Test
	void unknownPathIs404AndWrongMethodIs405() {
		assertProblem(marketplace.rest.get(stack.sellerUrl + "/api/v1/nothing-here", seller), 404, "NOT_FOUND");
		assertProblem(marketplace.rest.delete(stack.sellerUrl + "/api/v1/sellers/login", seller), 405,
				"METHOD_NOT_ALLOWED");
	}

	@Test
	void aUrlTomcatRefusesToDecodeIs400() {
		assertProblem(marketplace.rest.get(stack.sellerUrl + "/api/v1/sellers/me/items%00", seller), 400,
				"VALIDATION_FAILED");
		assertProblem(marketplace.rest.get(stack.sellerUrl + "/api/v1/sellers/me/items/3%2F1/price", seller), 400,
				"VALIDATION_FAILED");
	}

	@Test
	void queryParametersTomcatCannotReadAre400() {
		String tooMany = "&x=1".repeat(1_001);

		assertProblem(marketplace.rest.get(stack.buyerUrl + "/api/v1/items?category=3&keywords=%FF%FE",
				marketplace.newBuyerSession()), 400, "VALIDATION_FAILED");
		assertProblem(marketplace.rest.get(stack.sellerUrl + "/api/v1/sellers/me/items?limit=5" + tooMany, seller),
				400, "VALIDATION_FAILED");
	}

	/** Hexadecimal, a plus sign, a space, Arabic-Indic and full-width digits: 400, not seller 1 or category 3. */
	@Test
	void numbersInPathsAndQueriesAreDecimalDigitsWithTheParameterNamed() {
		String buyer = marketplace.newBuyerSession();
		for (String sellerId : List.of("0x1", "+1", "%201", "%D9%A1", "%EF%BC%91")) {
			RestClient.Response rating = marketplace.rest.get(stack.buyerUrl + "/api/v1/sellers/" + sellerId + "/rating",
					buyer);
			assertProblem(rating, 400, "VALIDATION_FAILED");
			assertThat(rating.body().path("errors").findValuesAsString("field")).containsExactly("sellerId");
		}
		for (String query : List.of("category=0x3", "category=%233", "category=%D9%A3", "category=3&limit=0x10",
				"category=3&offset=99999999999")) {
			assertProblem(marketplace.search(buyer, query), 400, "VALIDATION_FAILED");
		}
		assertThat(marketplace.search(buyer, "category=3&offset=1e3").body().path("errors").findValuesAsString("field"))
			.containsExactly("offset");
	}

	@Test
	void aNumberGivenTwiceIs400NotTheFirstOfThem() {
		RestClient.Response search = marketplace.search(marketplace.newBuyerSession(), "category=3&category=4");

		assertProblem(search, 400, "VALIDATION_FAILED");
		assertThat(search.body().path("errors").get(0).path("field").asString()).isEqualTo("category");
		assertThat(search.body().path("errors").get(0).path("message").asString()).isEqualTo("must be given once");
	}

	@Test
	void aMissingRequiredParameterIsNamed() {
		RestClient.Response search = marketplace.search(marketplace.newBuyerSession(), "keywords=lamp");

		assertProblem(search, 400, "VALIDATION_FAILED");
		assertThat(search.body().path("errors").findValuesAsString("field")).containsExactly("category");
	}

	@Test
	void traceIs405() {
		assertProblem(marketplace.rest.withoutBody("TRACE", stack.sellerUrl + "/api/v1/sellers/me/items", seller), 405,
				"METHOD_NOT_ALLOWED");
	}

	@Test
	void theErrorPathIsAnUnknownPath() {
		assertProblem(marketplace.rest.get(stack.sellerUrl + "/error", seller), 404, "NOT_FOUND");
	}

	RestClient.Response post(String body, String contentType) {
		return marketplace.rest.postRaw(stack.sellerUrl + "/api/v1/sellers/me/items", seller, contentType, body);
	}

}
