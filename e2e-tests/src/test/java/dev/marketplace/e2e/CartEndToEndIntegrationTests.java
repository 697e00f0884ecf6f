package dev.marketplace.e2e;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.PASSWORD;
import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;

/** AddItemToCart, RemoveItemFromCart, SaveCart, ClearCart and DisplayCart over HTTP. */
class CartEndToEndIntegrationTests extends SharedMarketplaceTest {

	static String lamp;

	static String chair;

	@BeforeAll
	static void marketplace() throws Exception {
		String seller = marketplace.newSellerSession();
		lamp = marketplace.listItem(seller, item("name", "Desk lamp", "price", 12.5, "quantity", 4));
		chair = marketplace.listItem(seller, item("name", "Chair", "price", 30, "quantity", 2));
	}

	@Test
	void addedItemsShowWithNamePriceAndTotal() {
		String buyer = marketplace.newBuyerSession();

		marketplace.addToCart(buyer, lamp, 2);
		RestClient.Response cart = marketplace.addToCart(buyer, chair, 1);

		assertThat(cart.status()).isEqualTo(200);
		assertThat(cart.body().path("items").findValuesAsString("itemId")).containsExactly(lamp, chair);
		assertThat(cart.body().path("items").get(0).path("name").asString()).isEqualTo("Desk lamp");
		assertThat(cart.body().path("items").get(0).path("unitPrice").decimalValue()).isEqualByComparingTo("12.5");
		assertThat(cart.body().path("items").get(0).path("quantity").asInt()).isEqualTo(2);
		assertThat(cart.body().path("total").decimalValue()).isEqualByComparingTo("55");
		assertThat(marketplace.cart(buyer).body()).isEqualTo(cart.body());
	}

	@Test
	void addingMoreUnitsThanAvailableIs409AndLeavesTheCartAsItWas() {
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, chair, 2);

		assertProblem(marketplace.addToCart(buyer, chair, 1), 409, "INSUFFICIENT_QUANTITY");
		assertThat(marketplace.cart(buyer).body().path("items").get(0).path("quantity").asInt()).isEqualTo(2);
	}

	@Test
	void unknownItemIs404AndBadQuantityIs400() {
		String buyer = marketplace.newBuyerSession();

		assertProblem(marketplace.addToCart(buyer, "3-999999999", 1), 404, "ITEM_NOT_FOUND");
		assertProblem(marketplace.addToCart(buyer, lamp, 0), 400, "VALIDATION_FAILED");
		assertProblem(marketplace.addToCart(buyer, "lamp", 1), 400, "VALIDATION_FAILED");
	}

	@Test
	void removingSomeUnitsOrTheWholeLine() {
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 3);
		marketplace.addToCart(buyer, chair, 1);

		RestClient.Response fewer = marketplace.removeFromCart(buyer, lamp, "?quantity=1");
		assertThat(fewer.status()).isEqualTo(200);
		assertThat(fewer.body().path("items").get(0).path("quantity").asInt()).isEqualTo(2);

		RestClient.Response tooMany = marketplace.removeFromCart(buyer, lamp, "?quantity=5");
		assertThat(tooMany.body().path("items").findValuesAsString("itemId")).containsExactly(chair);

		RestClient.Response whole = marketplace.removeFromCart(buyer, chair, "");
		assertThat(whole.body().path("items").size()).isZero();
		assertThat(whole.body().path("total").decimalValue()).isEqualByComparingTo("0");
	}

	@Test
	void aNewItemInACartOfAHundredIs409CartFull() {
		String seller = marketplace.newSellerSession();
		String buyer = marketplace.newBuyerSession();
		for (int i = 1; i <= 100; i++) {
			marketplace.addToCart(buyer, marketplace.listItem(seller, item("name", "Item " + i)), 1);
		}

		assertProblem(marketplace.addToCart(buyer, lamp, 1), 409, "CART_FULL");
		assertThat(marketplace.cart(buyer).body().path("items").size()).isEqualTo(100);
	}

	@Test
	void anEmptyQuantityIs400AndRemovesNothing() {
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 3);

		assertProblem(marketplace.removeFromCart(buyer, lamp, "?quantity="), 400, "VALIDATION_FAILED");
		assertThat(marketplace.cart(buyer).body().path("items").get(0).path("quantity").asInt()).isEqualTo(3);
	}

	@Test
	void removingAnItemNotInTheCartIs404NotInCart() {
		assertProblem(marketplace.removeFromCart(marketplace.newBuyerSession(), lamp, ""), 404, "NOT_IN_CART");
	}

	@Test
	void clearEmptiesTheCart() {
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 1);

		assertThat(marketplace.clearCart(buyer).status()).isEqualTo(204);

		assertThat(marketplace.cart(buyer).body().path("items").size()).isZero();
	}

	@Test
	void aNewLoginStartsWithTheSavedCartAndLogoutDropsOnlyTheSessionCart() {
		Marketplace.User buyer = marketplace.newBuyer();
		marketplace.addToCart(buyer.token(), lamp, 1);
		assertThat(marketplace.saveCart(buyer.token()).status()).isEqualTo(204);
		marketplace.addToCart(buyer.token(), chair, 1);
		assertThat(marketplace.buyerLogout(buyer.token()).status()).isEqualTo(204);

		String again = marketplace.buyerLogin(buyer.username(), PASSWORD).text("sessionToken");

		assertThat(marketplace.cart(again).body().path("items").findValuesAsString("itemId")).containsExactly(lamp);
	}

	@Test
	void twoSessionsOfOneBuyerHaveIndependentCarts() {
		Marketplace.User buyer = marketplace.newBuyer();
		String phone = marketplace.buyerLogin(buyer.username(), PASSWORD).text("sessionToken");

		marketplace.addToCart(buyer.token(), lamp, 1);

		assertThat(marketplace.cart(phone).body().path("items").size()).isZero();
	}

	@Test
	void aRestartedBuyerServiceLosesNoCart() throws Exception {
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 2);

		stack.buyer.restart();

		RestClient.Response cart = marketplace.cart(buyer);
		assertThat(cart.status()).isEqualTo(200);
		assertThat(cart.body().path("items").get(0).path("quantity").asInt()).isEqualTo(2);
	}

	@Test
	void cartsNeedABuyerSession() {
		assertProblem(marketplace.cart(null), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.cart(marketplace.newSellerSession()), 401, "UNAUTHENTICATED");
	}

	@Test
	void aLoggedOutSessionGets401FromEveryCartCallEvenForAnUnknownItem() {
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 1);
		assertThat(marketplace.buyerLogout(buyer).status()).isEqualTo(204);

		assertProblem(marketplace.addToCart(buyer, lamp, 1), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.addToCart(buyer, "3-999999999", 1), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.removeFromCart(buyer, lamp, ""), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.cart(buyer), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.saveCart(buyer), 401, "UNAUTHENTICATED");
		assertProblem(marketplace.clearCart(buyer), 401, "UNAUTHENTICATED");
	}

}
