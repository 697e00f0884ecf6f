package dev.marketplace.e2e;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The slice's REST calls by name, and the assertions every error answer must pass. */
final class Marketplace {

	static final String PASSWORD = "correct-horse";

	final RestClient rest = new RestClient();

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
		return newSeller().token();
	}

	/** A new buyer, logged in: its session token. */
	String newBuyerSession() {
		return newBuyer().token();
	}

	User newSeller() {
		String username = uniqueUsername();
		RestClient.Response created = createSeller(username);
		assertThat(created.status()).isEqualTo(201);
		return new User(username, created.body().path("sellerId").asLong(),
				sellerLogin(username, PASSWORD).text("sessionToken"));
	}

	User newBuyer() {
		String username = uniqueUsername();
		RestClient.Response created = createBuyer(username);
		assertThat(created.status()).isEqualTo(201);
		return new User(username, created.body().path("buyerId").asLong(),
				buyerLogin(username, PASSWORD).text("sessionToken"));
	}

	// seller operations

	RestClient.Response sellerRating(String token) {
		return this.rest.get(this.sellerUrl + "/api/v1/sellers/me/rating", token);
	}

	RestClient.Response changePrice(String token, String itemId, Object price) {
		return this.rest.put(this.sellerUrl + "/api/v1/sellers/me/items/" + itemId + "/price", token,
				Map.of("price", price));
	}

	RestClient.Response removeUnits(String token, String itemId, int quantity) {
		return this.rest.post(this.sellerUrl + "/api/v1/sellers/me/items/" + itemId + "/remove-units", token,
				Map.of("quantity", quantity));
	}

	RestClient.Response itemsForSale(String token, String query) {
		return this.rest.get(this.sellerUrl + "/api/v1/sellers/me/items" + query, token);
	}

	/** Registers an item and returns its ID. */
	String listItem(String token, Map<String, Object> item) {
		RestClient.Response response = registerItem(token, item);
		assertThat(response.status()).as(response.body().toString()).isEqualTo(201);
		return response.text("itemId");
	}

	// buyer operations

	RestClient.Response search(String token, String query) {
		return this.rest.get(this.buyerUrl + "/api/v1/items?" + query, token);
	}

	RestClient.Response addToCart(String token, String itemId, int quantity) {
		return this.rest.post(this.buyerUrl + "/api/v1/buyers/me/cart/items", token,
				Map.of("itemId", itemId, "quantity", quantity));
	}

	RestClient.Response removeFromCart(String token, String itemId, String query) {
		return this.rest.delete(this.buyerUrl + "/api/v1/buyers/me/cart/items/" + itemId + query, token);
	}

	RestClient.Response cart(String token) {
		return this.rest.get(this.buyerUrl + "/api/v1/buyers/me/cart", token);
	}

	RestClient.Response saveCart(String token) {
		return this.rest.post(this.buyerUrl + "/api/v1/buyers/me/cart/save", token, Map.of());
	}

	RestClient.Response clearCart(String token) {
		return this.rest.delete(this.buyerUrl + "/api/v1/buyers/me/cart", token);
	}

	RestClient.Response feedback(String token, String itemId, String vote) {
		return this.rest.post(this.buyerUrl + "/api/v1/items/" + itemId + "/feedback", token, Map.of("vote", vote));
	}

	RestClient.Response sellerRatingById(String token, long sellerId) {
		return this.rest.get(this.buyerUrl + "/api/v1/sellers/" + sellerId + "/rating", token);
	}

	RestClient.Response makePurchase(String token, String idempotencyKey, Map<String, Object> card) {
		return this.rest.post(this.buyerUrl + "/api/v1/buyers/me/purchases", token, card,
				(idempotencyKey == null) ? Map.of() : Map.of("Idempotency-Key", idempotencyKey));
	}

	static Map<String, Object> card(Object... overrides) {
		Map<String, Object> card = new HashMap<>(Map.of("cardholderName", "Ada Lovelace", "cardNumber",
				"4111111111111111", "expiry", "12/99", "securityCode", "123"));
		for (int i = 0; i < overrides.length; i += 2) {
			card.put((String) overrides[i], overrides[i + 1]);
		}
		return card;
	}

	/** The item's units for sale now. */
	int quantity(String token, String itemId) {
		return getItem(token, itemId).body().path("quantity").asInt();
	}

	RestClient.Response purchases(String token) {
		return this.rest.get(this.buyerUrl + "/api/v1/buyers/me/purchases", token);
	}

	/** An item body: the desk lamp with some fields replaced. */
	static Map<String, Object> item(Object... overrides) {
		Map<String, Object> item = new HashMap<>(deskLamp());
		for (int i = 0; i < overrides.length; i += 2) {
			item.put((String) overrides[i], overrides[i + 1]);
		}
		return item;
	}

	/** A logged-in user: username, seller or buyer ID, session token. */
	record User(String username, long id, String token) {
	}

	static Map<String, Object> deskLamp() {
		return Map.of("name", "Desk lamp", "category", 3, "keywords", List.of("lamp", "desk"), "condition", "USED",
				"price", 12.5, "quantity", 4);
	}

	/** Whether a frontend's circuit around a dependency is open, as its metrics say. */
	boolean circuitOpen(String frontendManagementUrl, String dependency) {
		RestClient.Response state = this.rest.get(frontendManagementUrl
				+ "/actuator/metrics/resilience4j.circuitbreaker.state?tag=name:" + dependency + "&tag=state:open", null);
		assertThat(state.status()).as(state.bodyText()).isEqualTo(200);
		return state.body().path("measurements").get(0).path("value").asDouble() == 1.0;
	}

	/** An error answer: the status, problem+json, the machine-readable code, and a 401's challenge. */
	static void assertProblem(RestClient.Response response, int status, String code) {
		assertThat(response.status()).as(response.body().toString()).isEqualTo(status);
		assertThat(response.contentType()).startsWith("application/problem+json");
		assertThat(response.text("code")).isEqualTo(code);
		assertThat(response.body().path("status").asInt()).isEqualTo(status);
		assertThat(response.text("type")).isNotBlank();
		assertThat(response.text("title")).isNotBlank();
		assertThat(response.body().toString()).doesNotContain("Exception", "\tat ");
		if (status == 401) {
			assertThat(response.header("WWW-Authenticate")).as("a 401's challenge (RFC 9110)").isEqualTo("Bearer");
		}
	}

	/** A dependency's failure: 503, and when to try again. */
	static void assertUnavailable(RestClient.Response response) {
		assertProblem(response, 503, "SERVICE_UNAVAILABLE");
		assertThat(response.header("Retry-After")).isEqualTo("1");
	}

}
