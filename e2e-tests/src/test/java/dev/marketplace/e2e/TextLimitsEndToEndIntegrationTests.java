package dev.marketplace.e2e;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.card;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * MARKETPLACE.md's text limits count characters, as the OpenAPI documents' JSON Schema and the
 * database's utf8mb4 columns do: an emoji is one character though Java stores it in two units.
 */
class TextLimitsEndToEndIntegrationTests extends SharedMarketplaceTest {

	static final String CHAIR = "\uD83E\uDE91";

	static final String BULB = "\uD83D\uDCA1";

	@Test
	void anItemNameOf32EmojiAndAKeywordOf8AreListedWhole() {
		String itemId = marketplace.listItem(marketplace.newSellerSession(),
				item("name", CHAIR.repeat(32), "keywords", List.of(BULB.repeat(8))));

		RestClient.Response read = marketplace.getItem(marketplace.newBuyerSession(), itemId);

		assertThat(read.text("name")).isEqualTo(CHAIR.repeat(32));
		assertThat(read.body().path("keywords").get(0).asString()).isEqualTo(BULB.repeat(8));
	}

	@Test
	void anItemNameOf33EmojiIs400WithTheFieldNamedAndItsLimitInCharacters() {
		RestClient.Response response = marketplace.registerItem(marketplace.newSellerSession(),
				item("name", CHAIR.repeat(33)));

		assertProblem(response, 400, "VALIDATION_FAILED");
		assertThat(response.body().path("errors").findValuesAsString("field")).containsExactly("name");
		assertThat(response.body().path("errors").findValuesAsString("message"))
			.containsExactly("must be at most 32 characters long");
	}

	@Test
	void anAccountNamedWith32EmojiAndAPasswordOf64IsCreatedAndLogsIn() {
		String username = Marketplace.uniqueUsername();
		String password = BULB.repeat(64);

		RestClient.Response created = marketplace.rest.post(stack.buyerUrl + "/api/v1/buyers", null,
				Map.of("username", username, "password", password, "name", CHAIR.repeat(32)));

		assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
		assertThat(marketplace.buyerLogin(username, password).status()).isEqualTo(200);
	}

	@Test
	void aCardholderNameOf64EmojiPays() {
		String lamp = marketplace.listItem(marketplace.newSellerSession(), item("quantity", 5));
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 1);

		RestClient.Response purchase = marketplace.makePurchase(buyer, null, card("cardholderName", BULB.repeat(64)));

		assertThat(purchase.status()).as(purchase.body().toString()).isEqualTo(201);
	}

}
