package dev.marketplace.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The OpenAPI documents generated from the frontends' code describe the whole REST contract. */
class ApiDocumentationEndToEndIntegrationTests extends SharedMarketplaceTest {

	static final RestClient rest = new RestClient();

	@Test
	void sellerDocumentListsEveryOperationOfTheContract() {
		assertThat(operations(document(stack.sellerUrl))).containsExactlyInAnyOrder("POST /api/v1/sellers",
				"POST /api/v1/sellers/login", "POST /api/v1/sellers/logout", "GET /api/v1/sellers/me/rating",
				"POST /api/v1/sellers/me/items", "PUT /api/v1/sellers/me/items/{itemId}/price",
				"POST /api/v1/sellers/me/items/{itemId}/remove-units", "GET /api/v1/sellers/me/items");
	}

	@Test
	void buyerDocumentListsEveryOperationOfTheContract() {
		assertThat(operations(document(stack.buyerUrl))).containsExactlyInAnyOrder("POST /api/v1/buyers",
				"POST /api/v1/buyers/login", "POST /api/v1/buyers/logout", "GET /api/v1/items",
				"GET /api/v1/items/{itemId}", "POST /api/v1/buyers/me/cart/items",
				"DELETE /api/v1/buyers/me/cart/items/{itemId}", "POST /api/v1/buyers/me/cart/save",
				"DELETE /api/v1/buyers/me/cart", "GET /api/v1/buyers/me/cart", "POST /api/v1/items/{itemId}/feedback", "POST /api/v1/buyers/me/purchases",
				"GET /api/v1/sellers/{sellerId}/rating", "GET /api/v1/buyers/me/purchases");
	}

	@Test
	void everyOperationNeedingASessionDeclaresTheBearerSchemeAndItsProblemsAndTheOthersNoSecurity() {
		for (String url : List.of(stack.sellerUrl, stack.buyerUrl)) {
			JsonNode document = document(url);
			assertThat(document.path("components").path("securitySchemes").path("bearerSession").path("scheme")
				.asString()).isEqualTo("bearer");
			for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
				for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
					JsonNode responses = operation.getValue().path("responses");
					String name = operation.getKey() + " " + path.getKey();
					assertThat(responses.path("503").path("content").has("application/problem+json")).as(name).isTrue();
					assertThat(responses.path("503").path("headers").has("Retry-After")).as(name).isTrue();
					boolean open = path.getKey().endsWith("/sellers") || path.getKey().endsWith("/buyers")
							|| path.getKey().endsWith("/login");
					// An open operation says so with an empty list, as Spectral's rules ask.
					assertThat(operation.getValue().path("security").isEmpty()).as(name).isEqualTo(open);
					if (!open) {
						assertThat(responses.path("401").path("description").asString()).as(name)
							.contains("UNAUTHENTICATED");
					}
					assertThat(responses.has("413")).as(name).isEqualTo(operation.getValue().has("requestBody"));
				}
			}
		}
	}

	@Test
	void everyOperationIsDescribedAndTaggedWithItsFeature() {
		for (String url : List.of(stack.sellerUrl, stack.buyerUrl)) {
			JsonNode document = document(url);
			List<String> features = document.path("tags").valueStream().map((tag) -> tag.path("name").asString()).toList();
			for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
				for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
					String name = operation.getKey() + " " + path.getKey();
					assertThat(operation.getValue().path("description").asString()).as(name).isNotBlank();
					assertThat(operation.getValue().path("tags").valueStream().map(JsonNode::asString))
						.as(name)
						.singleElement()
						.isIn(features);
				}
			}
			assertThat(features).isSubsetOf("account", "item", "cart", "purchase", "feedback", "rating");
		}
	}

	/** REST-API.md's success statuses: 201 for what is created, 204 for what answers nothing, else 200. */
	@Test
	void everyOperationDocumentsTheContractsSuccessStatusAsJson() {
		Map<String, String> success = new TreeMap<>();
		for (String url : List.of(stack.sellerUrl, stack.buyerUrl)) {
			for (Map.Entry<String, JsonNode> path : document(url).path("paths").properties()) {
				for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
					List<String> statuses = operation.getValue().path("responses").propertyNames().stream()
						.filter((status) -> status.startsWith("2"))
						.toList();
					assertThat(statuses).hasSize(1);
					String status = statuses.get(0);
					JsonNode content = operation.getValue().path("responses").path(status).path("content");
					assertThat(content.propertyNames()).containsExactlyElementsOf(
							status.equals("204") ? List.of() : List.of("application/json"));
					success.put(operation.getKey().toUpperCase() + " " + path.getKey(), status);
				}
			}
		}
		assertThat(withStatus(success, "201")).containsExactlyInAnyOrder(
				"POST /api/v1/sellers", "POST /api/v1/sellers/me/items", "POST /api/v1/buyers",
				"POST /api/v1/buyers/me/purchases");
		assertThat(withStatus(success, "204")).containsExactlyInAnyOrder(
				"POST /api/v1/sellers/logout", "POST /api/v1/buyers/logout", "POST /api/v1/buyers/me/cart/save",
				"DELETE /api/v1/buyers/me/cart", "POST /api/v1/items/{itemId}/feedback");
	}

	@Test
	void madePurchasesAndListedItemsAreDocumentedWithTheirBodies() {
		JsonNode purchase = document(stack.buyerUrl).path("paths").path("/api/v1/buyers/me/purchases").path("post")
			.path("responses").path("201").path("content").path("application/json").path("schema");
		JsonNode listed = document(stack.sellerUrl).path("paths").path("/api/v1/sellers/me/items").path("post")
			.path("responses").path("201");

		assertThat(purchase.path("$ref").asString()).endsWith("/PurchaseJson");
		assertThat(listed.path("content").path("application/json").path("schema").path("$ref").asString())
			.endsWith("/ItemJson");
		assertThat(listed.path("headers").has("Location")).isTrue();
	}

	/**
	 * JSON Schema's pattern matches anywhere in a value, so only an anchored one says what the
	 * server takes; and only one in the subset of ECMA-262 that every validator reads alike (no
	 * escapes such as {@code \\d} or {@code \\p{..}}, which Python reads otherwise or not at all)
	 * lets a client generated in any language check its input first.
	 */
	@Test
	void everyPublishedPatternIsAnchoredAndPortable() {
		List<String> patterns = new ArrayList<>();
		for (String url : List.of(stack.sellerUrl, stack.buyerUrl)) {
			collectPatterns(document(url), patterns);
		}

		assertThat(patterns).contains("^[0-9]{1,9}-[0-9]{1,18}$")
			.allSatisfy((pattern) -> assertThat(pattern).startsWith("^").endsWith("$").doesNotContain("\\"));
	}

	@Test
	void publishedTextPatternsRefuseWhatTheServicesRefuse() {
		JsonNode buyer = document(stack.buyerUrl);
		Pattern cardholder = Pattern.compile(buyer.path("components").path("schemas").path("PurchaseRequest")
			.path("properties").path("cardholderName").path("pattern").asString());
		Pattern keywords = Pattern.compile(buyer.path("paths").path("/api/v1/items").path("get").path("parameters")
			.valueStream().filter((parameter) -> parameter.path("name").asString().equals("keywords")).findFirst()
			.orElseThrow().path("schema").path("pattern").asString());

		// Whole values (the patterns are anchored): Java's $ would also match before a final U+0085.
		assertThat(cardholder.matcher("Ada Lovelace \uD83E\uDE91").matches()).isTrue();
		assertThat(List.of(" ", "Ada\u0000", "Ada\u0085", "Ada\uFFFF")).noneMatch((text) -> cardholder.matcher(text).matches());
		assertThat(List.of("", "lamp", "lamp, desk", "a,b,c,d,e")).allMatch((text) -> keywords.matcher(text).matches());
		assertThat(List.of("a,b,c,d,e,f", "de\u0001sk")).noneMatch((text) -> keywords.matcher(text).matches());
	}

	/** The services refuse a body property they do not know (400), and the documents say so. */
	@Test
	void everyRequestBodySchemaNamesAllItTakes() {
		for (String url : List.of(stack.sellerUrl, stack.buyerUrl)) {
			JsonNode document = document(url);
			List<String> bodies = new ArrayList<>();
			document.path("paths").valueStream().flatMap(JsonNode::valueStream).forEach((operation) -> operation
				.path("requestBody").path("content").valueStream().forEach((media) -> bodies.add(media.path("schema").path("$ref").asString())));

			assertThat(bodies).isNotEmpty().allSatisfy((ref) -> {
				JsonNode schema = document.path("components").path("schemas").path(ref.substring(ref.lastIndexOf('/') + 1));
				assertThat(schema.path("additionalProperties").isBoolean()).as(ref).isTrue();
				assertThat(schema.path("additionalProperties").asBoolean()).as(ref).isFalse();
			});
		}
	}

	/** The server counts text limits in characters (code points), as JSON Schema does. */
	@Test
	void textLimitsArePublishedAsLengths() {
		JsonNode item = document(stack.sellerUrl).path("components").path("schemas").path("RegisterItemRequest")
			.path("properties");
		JsonNode buyerSchemas = document(stack.buyerUrl).path("components").path("schemas");

		assertThat(item.path("name").path("maxLength").asInt()).isEqualTo(32);
		assertThat(item.path("name").path("minLength").asInt()).isEqualTo(1);
		assertThat(item.path("keywords").path("items").path("maxLength").asInt()).isEqualTo(8);
		assertThat(buyerSchemas.path("NewAccountRequest").path("properties").path("password").path("minLength").asInt())
			.isEqualTo(8);
		assertThat(buyerSchemas.path("PurchaseRequest").path("properties").path("cardholderName").path("maxLength")
			.asInt()).isEqualTo(64);
	}

	@Test
	void swaggerUiIsServed() {
		assertThat(rest.get(stack.sellerUrl + "/swagger-ui/index.html", null).status()).isEqualTo(200);
	}

	static void collectPatterns(JsonNode node, List<String> patterns) {
		if (node.isObject() && node.path("pattern").isString()) {
			patterns.add(node.path("pattern").asString());
		}
		node.valueStream().forEach((child) -> collectPatterns(child, patterns));
	}

	static List<String> withStatus(Map<String, String> statusByOperation, String status) {
		return statusByOperation.entrySet().stream()
			.filter((operation) -> operation.getValue().equals(status))
			.map(Map.Entry::getKey)
			.toList();
	}

	static JsonNode document(String baseUrl) {
		RestClient.Response response = rest.get(baseUrl + "/v3/api-docs", null);
		assertThat(response.status()).isEqualTo(200);
		return response.body();
	}

	static List<String> operations(JsonNode document) {
		List<String> operations = new ArrayList<>();
		document.path("paths").properties().forEach((path) -> path.getValue().properties()
			.forEach((operation) -> operations.add(operation.getKey().toUpperCase() + " " + path.getKey())));
		return operations;
	}

}
