package dev.marketplace.e2e;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The slice's REST calls by name, and the assertions every error answer must pass. */
final class Marketplace {

	static final String PASSWORD = "correct-horse";

	private final RestClient rest = new RestClient();

	private final String sellerUrl;

	private final String buyerUrl;

	Marketplace(MarketplaceStack stack) {
		this.sellerUrl = stack.sellerUrl;
		this.buyerUrl = stack.buyerUrl;
	}

	static String uniqueUsername() {
		return "user_" + UUID.randomUUID().toString().substring(0, 8);
	}

	RestClient.Response createSeller(String username) {
		return this.rest.post(this.sellerUrl + "/api/v1/sellers", null,
				Map.of("username", username, "password", PASSWORD, "name", "Seller " + username));
	}

	RestClient.Response sellerLogin(String username, String password) {
		return this.rest.post(this.sellerUrl + "/api/v1/sellers/login", null,
				Map.of("username", username, "password", password));
	}

	RestClient.Response sellerLogout(String token) {
		return this.rest.post(this.sellerUrl + "/api/v1/sellers/logout", token, Map.of());
	}

	RestClient.Response registerItem(String token, Object item) {
		return this.rest.post(this.sellerUrl + "/api/v1/sellers/me/items", token, item);
	}

	RestClient.Response createBuyer(String username) {
		return this.rest.post(this.buyerUrl + "/api/v1/buyers", null,
				Map.of("username", username, "password", PASSWORD, "name", "Buyer " + username));
	}

	RestClient.Response buyerLogin(String username, String password) {
		return this.rest.post(this.buyerUrl + "/api/v1/buyers/login", null,
				Map.of("username", username, "password", password));
	}

	RestClient.Response buyerLogout(String token) {
		return this.rest.post(this.buyerUrl + "/api/v1/buyers/logout", token, Map.of());
	}

	RestClient.Response getItem(String token, String itemId) {
		return this.rest.get(this.buyerUrl + "/api/v1/items/" + itemId, token);
	}

	/** A new seller, logged in: its session token. */
	String newSellerSession() {
		String username = uniqueUsername();
		assertThat(createSeller(username).status()).isEqualTo(201);
		return sellerLogin(username, PASSWORD).text("sessionToken");
	}

	/** A new buyer, logged in: its session token. */
	String newBuyerSession() {
		String username = uniqueUsername();
		assertThat(createBuyer(username).status()).isEqualTo(201);
		return buyerLogin(username, PASSWORD).text("sessionToken");
	}

	static Map<String, Object> deskLamp() {
		return Map.of("name", "Desk lamp", "category", 3, "keywords", List.of("lamp", "desk"), "condition", "USED",
				"price", 12.5, "quantity", 4);
	}

	/** An error answer: the status, problem+json, and the machine-readable code. */
	static void assertProblem(RestClient.Response response, int status, String code) {
		assertThat(response.status()).as(response.body().toString()).isEqualTo(status);
		assertThat(response.contentType()).startsWith("application/problem+json");
		assertThat(response.text("code")).isEqualTo(code);
		assertThat(response.body().path("status").asInt()).isEqualTo(status);
		assertThat(response.text("type")).isNotBlank();
		assertThat(response.text("title")).isNotBlank();
		assertThat(response.body().toString()).doesNotContain("Exception", "\tat ");
	}

}
