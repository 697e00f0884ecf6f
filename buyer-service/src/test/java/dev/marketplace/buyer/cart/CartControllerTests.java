package dev.marketplace.buyer.cart;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.CartResponse;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.GetItemResponse;
import dev.marketplace.proto.product.v1.GetItemsResponse;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static dev.marketplace.frontend.GrpcAnswers.fail;
import static dev.marketplace.frontend.GrpcAnswers.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willAnswer;

@FrontendWebMvcTest(CartController.class)
class CartControllerTests {

	@Autowired
	MockMvcTester mvc;

	@Autowired
	CartServiceGrpc.AsyncService carts;

	@Autowired
	ItemServiceGrpc.AsyncService items;

	@Test
	void addingTellsTheCartHowManyUnitsAreAvailableAndAnswersTheCartWithItsTotal() {
		willAnswer(reply(GetItemResponse.newBuilder().setItem(lamp()).build())).given(this.items).getItem(any(), any());
		willAnswer(reply(cart("3-17", 2))).given(this.carts).addToCart(any(), any());

		assertThat(add("{\"itemId\":\"3-17\",\"quantity\":2}")).hasStatus(200)
			.bodyJson()
			.isLenientlyEqualTo("""
					{"items":[{"itemId":"3-17","quantity":2,"name":"Desk lamp","unitPrice":12.5}],"total":25.0}""");
		then(this.carts).should()
			.addToCart(argThat((request) -> request.getAvailable() == 4 && request.getQuantity() == 2
					&& request.getCart().getSessionToken().equals("t0k3n")), any());
	}

	@Test
	void aQuantityOfZeroIs400NamingTheField() {
		assertThat(add("{\"itemId\":\"3-17\",\"quantity\":0}")).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0].field")
			.isEqualTo("quantity");
		then(this.items).shouldHaveNoInteractions();
	}

	@Test
	void moreUnitsThanAreAvailableIs409InsufficientQuantity() {
		willAnswer(reply(GetItemResponse.newBuilder().setItem(lamp()).build())).given(this.items).getItem(any(), any());
		willAnswer(fail(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY)).given(this.carts)
			.addToCart(any(), any());

		assertThat(add("{\"itemId\":\"3-17\",\"quantity\":5}")).hasStatus(409)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("INSUFFICIENT_QUANTITY");
	}

	@Test
	void anUnknownItemIs404AfterTheSessionIsChecked() {
		willAnswer(fail(Status.Code.NOT_FOUND, ErrorCode.ITEM_NOT_FOUND)).given(this.items).getItem(any(), any());
		willAnswer(reply(CartResponse.getDefaultInstance())).given(this.carts).getCart(any(), any());

		assertThat(add("{\"itemId\":\"3-999\",\"quantity\":1}")).hasStatus(404)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("ITEM_NOT_FOUND");
		then(this.carts).should().getCart(any(), any());
	}

	@Test
	void removingAnItemNotInTheCartIs404NotInCart() {
		willAnswer(fail(Status.Code.NOT_FOUND, ErrorCode.NOT_IN_CART)).given(this.carts).removeFromCart(any(), any());

		assertThat(this.mvc.delete().uri("/api/v1/buyers/me/cart/items/3-17").header("Authorization", "Bearer t0k3n"))
			.hasStatus(404)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("NOT_IN_CART");
	}

	@Test
	void anEmptyQuantityToRemoveIs400NotTheWholeLine() {
		assertThat(this.mvc.delete()
			.uri("/api/v1/buyers/me/cart/items/3-17?quantity=")
			.header("Authorization", "Bearer t0k3n")).hasStatus(400);
		then(this.carts).shouldHaveNoInteractions();
	}

	@Test
	void theCartShowsEachLineWithTheItemsCurrentNameAndPrice() {
		willAnswer(reply(cart("3-17", 3))).given(this.carts).getCart(any(), any());
		willAnswer(reply(GetItemsResponse.newBuilder().addItems(lamp()).build())).given(this.items)
			.getItems(any(), any());

		assertThat(this.mvc.get().uri("/api/v1/buyers/me/cart").header("Authorization", "Bearer t0k3n"))
			.hasStatus(200)
			.bodyJson()
			.extractingPath("$.total")
			.isEqualTo(37.5);
	}

	@Test
	void savingAndClearingAnswer204() {
		willAnswer(reply(CartResponse.getDefaultInstance())).given(this.carts).saveCart(any(), any());
		willAnswer(reply(CartResponse.getDefaultInstance())).given(this.carts).clearCart(any(), any());

		assertThat(this.mvc.post().uri("/api/v1/buyers/me/cart/save").header("Authorization", "Bearer t0k3n"))
			.hasStatus(204);
		assertThat(this.mvc.delete().uri("/api/v1/buyers/me/cart").header("Authorization", "Bearer t0k3n"))
			.hasStatus(204);
	}

	private MockMvcTester.MockMvcRequestBuilder add(String json) {
		return this.mvc.post()
			.uri("/api/v1/buyers/me/cart/items")
			.header("Authorization", "Bearer t0k3n")
			.contentType(MediaType.APPLICATION_JSON)
			.content(json);
	}

	private static CartResponse cart(String itemId, int quantity) {
		CartResponse.Builder cart = CartResponse.newBuilder();
		cart.addLinesBuilder().setItemId(itemId).setQuantity(quantity);
		return cart.build();
	}

	private static Item lamp() {
		return Item.newBuilder()
			.setItemId("3-17")
			.setName("Desk lamp")
			.setCategory(3)
			.setCondition(Condition.USED)
			.setPriceCents(1250)
			.setQuantity(4)
			.setSellerId(7)
			.build();
	}

}
