package dev.marketplace.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
	void everyOperationNeedingASessionDeclaresTheBearerSchemeAndItsProblems() {
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
					assertThat(operation.getValue().has("security")).as(name).isEqualTo(!open);
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
	void swaggerUiIsServed() {
		assertThat(rest.get(stack.sellerUrl + "/swagger-ui/index.html", null).status()).isEqualTo(200);
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
