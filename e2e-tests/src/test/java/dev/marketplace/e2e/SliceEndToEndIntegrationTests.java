package dev.marketplace.e2e;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.PASSWORD;
import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.deskLamp;
import static dev.marketplace.e2e.Marketplace.uniqueUsername;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The walking skeleton's slice over real HTTP, real gRPC and a real database: accounts,
 * sessions, RegisterItemForSale and GetItem.
 */
class SliceEndToEndIntegrationTests extends SharedMarketplaceTest {

	@Test
	void sellerCreatesAccountLogsInAndRegistersAnItem() {
		String username = uniqueUsername();
		RestClient.Response created = marketplace.createSeller(username);
		assertThat(created.status()).isEqualTo(201);
		long sellerId = created.body().path("sellerId").asLong();

		RestClient.Response login = marketplace.sellerLogin(username, PASSWORD);
		assertThat(login.status()).isEqualTo(200);
		assertThat(login.body().path("sellerId").asLong()).isEqualTo(sellerId);
		assertThat(login.body().path("idleTimeoutSeconds").asInt()).isEqualTo(300);

		RestClient.Response item = marketplace.registerItem(login.text("sessionToken"), deskLamp());
		assertThat(item.status()).isEqualTo(201);
		assertThat(item.text("itemId")).matches("3-\\d+");
		assertThat(item.location()).isEqualTo("/api/v1/items/" + item.text("itemId"));
		assertThat(item.body().path("sellerId").asLong()).isEqualTo(sellerId);
		assertThat(item.body().path("price").decimalValue()).isEqualByComparingTo("12.5");
		assertThat(item.body().path("quantity").asInt()).isEqualTo(4);
		assertThat(item.body().path("condition").asString()).isEqualTo("USED");
		assertThat(item.body().path("feedback").path("thumbsUp").asInt()).isZero();
		assertThat(item.body().path("feedback").path("thumbsDown").asInt()).isZero();
	}

	@Test
	void buyerGetsTheItemASellerRegistered() {
		String itemId = marketplace.registerItem(marketplace.newSellerSession(), deskLamp()).text("itemId");
		String buyerToken = marketplace.newBuyerSession();

		RestClient.Response item = marketplace.getItem(buyerToken, itemId);

		assertThat(item.status()).isEqualTo(200);
		assertThat(item.text("itemId")).isEqualTo(itemId);
		assertThat(item.text("name")).isEqualTo("Desk lamp");
		assertThat(item.body().path("keywords").toString()).isEqualTo("[\"lamp\",\"desk\"]");
	}

	@Test
	void buyerAccountAndLoginReturnTheBuyerId() {
		String username = uniqueUsername();
		long buyerId = marketplace.createBuyer(username).body().path("buyerId").asLong();

		RestClient.Response login = marketplace.buyerLogin(username, PASSWORD);

		assertThat(buyerId).isPositive();
		assertThat(login.body().path("buyerId").asLong()).isEqualTo(buyerId);
		assertThat(login.text("sessionToken")).hasSizeGreaterThanOrEqualTo(22);
	}

	@Test
	void duplicateUsernameIs409UsernameTaken() {
		String username = uniqueUsername();
		marketplace.createSeller(username);

		assertProblem(marketplace.createSeller(username), 409, "USERNAME_TAKEN");
	}

	@Test
	void wrongPasswordIs401InvalidCredentials() {
		String username = uniqueUsername();
		marketplace.createBuyer(username);

		assertProblem(marketplace.buyerLogin(username, "wrong-horse"), 401, "INVALID_CREDENTIALS");
	}

	@Test
	void missingTokenIs401() {
		assertProblem(marketplace.registerItem(null, deskLamp()), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.getItem(null, "3-1"), 401, "UNAUTHENTICATED");
	}

	@Test
	void bogusTokenIs401() {
		assertProblem(marketplace.registerItem("bogus-token", deskLamp()), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.getItem("bogus-token", "3-1"), 401, "UNAUTHENTICATED");
	}

	@Test
	void buyerTokenOnSellerServiceIs401AndSellerTokenOnBuyerServiceToo() {
		String buyerToken = marketplace.newBuyerSession();
		String sellerToken = marketplace.newSellerSession();

		assertProblem(marketplace.registerItem(buyerToken, deskLamp()), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.getItem(sellerToken, "3-1"), 401, "UNAUTHENTICATED");
	}

	@Test
	void loggedOutTokenIs401WhileTheUsersOtherSessionStillWorks() {
		String username = uniqueUsername();
		marketplace.createSeller(username);
		String laptop = marketplace.sellerLogin(username, PASSWORD).text("sessionToken");
		String phone = marketplace.sellerLogin(username, PASSWORD).text("sessionToken");

		assertThat(marketplace.sellerLogout(laptop).status()).isEqualTo(204);

		assertProblem(marketplace.registerItem(laptop, deskLamp()), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.sellerLogout(laptop), 401, "UNAUTHENTICATED");
		assertThat(marketplace.registerItem(phone, deskLamp()).status()).isEqualTo(201);
	}

	@Test
	void buyerLogoutEndsTheSession() {
		String token = marketplace.newBuyerSession();

		assertThat(marketplace.buyerLogout(token).status()).isEqualTo(204);

		assertProblem(marketplace.getItem(token, "3-1"), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.getItem(token, "3-999999999"), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.search(token, "category=3&keywords=lamp"), 401, "UNAUTHENTICATED");
	}

	@Test
	void frontendRestartedBetweenTwoCallsKeepsTheSessionValid() throws Exception {
		String token = marketplace.newSellerSession();
		assertThat(marketplace.registerItem(token, deskLamp()).status()).isEqualTo(201);

		stack.seller.restart();

		assertThat(marketplace.registerItem(token, deskLamp()).status()).isEqualTo(201);
	}

	@Test
	void unknownItemIs404ItemNotFound() {
		assertProblem(marketplace.getItem(marketplace.newBuyerSession(), "3-999999999"), 404, "ITEM_NOT_FOUND");
	}

	@Test
	void malformedItemIdIs400() {
		assertProblem(marketplace.getItem(marketplace.newBuyerSession(), "lamp"), 400, "VALIDATION_FAILED");
	}

	@Test
	void invalidItemFieldsAre400WithEachFieldNamed() {
		Map<String, Object> bad = Map.of("name", "", "category", -1, "keywords",
				java.util.List.of("a", "b", "c", "d", "e", "f"), "condition", "USED", "price", 0.001, "quantity", -2);

		RestClient.Response response = marketplace.registerItem(marketplace.newSellerSession(), bad);

		assertProblem(response, 400, "VALIDATION_FAILED");
		assertThat(response.body().path("errors").findValuesAsString("field")).contains("name", "category",
				"keywords", "price", "quantity");
	}

	@Test
	void invalidAccountFieldsAre400WithEachFieldNamed() {
		RestClient.Response response = new RestClient().post(stack.sellerUrl + "/api/v1/sellers", null,
				Map.of("username", "a b", "password", "short", "name", ""));

		assertProblem(response, 400, "VALIDATION_FAILED");
		assertThat(response.body().path("errors").findValuesAsString("field")).contains("username", "password",
				"name");
	}

}
