package dev.marketplace.e2e;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;

/** SearchItemsForSale over HTTP; each test searches a category of its own. */
class SearchEndToEndIntegrationTests extends SharedMarketplaceTest {

	int category;

	String seller;

	String buyer;

	@BeforeEach
	void newCategory() {
		this.category = ThreadLocalRandom.current().nextInt(1_000, 1_000_000_000);
		this.seller = marketplace.newSellerSession();
		this.buyer = marketplace.newBuyerSession();
	}

	@Test
	void keywordsRankByMatchesThenPriceThenItemIdIgnoringCase() {
		String both = list("both", 20, "lamp", "desk");
		String bothDearer = list("both dearer", 30, "Desk", "LAMP");
		String one = list("one", 10, "lamp");
		list("none", 5, "chair");

		RestClient.Response results = marketplace.search(this.buyer, "category=" + this.category + "&keywords=LAMP,desk");

		assertThat(results.status()).isEqualTo(200);
		assertThat(ids(results)).containsExactly(both, bothDearer, one);
	}

	@Test
	void repeatedKeywordParametersWorkLikeACommaList() {
		String both = list("both", 20, "lamp", "desk");
		String one = list("one", 10, "desk");

		assertThat(ids(marketplace.search(this.buyer, "category=" + this.category + "&keywords=lamp&keywords=desk")))
			.containsExactly(both, one);
	}

	@Test
	void commaListsAndRepeatedParametersMixedAreOneListOfKeywords() {
		String all = list("all", 30, "lamp", "desk", "chair");
		String two = list("two", 20, "lamp", "chair");
		String one = list("one", 10, "desk");

		assertThat(ids(marketplace.search(this.buyer, "category=" + this.category + "&keywords=lamp,desk&keywords=chair")))
			.containsExactly(all, two, one);
	}

	@Test
	void withoutKeywordsTheCategorysItemsInStockComeByItemId() {
		String first = list("first", 30, "chair");
		String second = list("second", 10);
		String soldOut = list("sold out", 10, "chair");
		marketplace.removeUnits(this.seller, soldOut, 4);

		assertThat(ids(marketplace.search(this.buyer, "category=" + this.category))).containsExactly(first, second);
	}

	@Test
	void resultsArePaged() {
		for (int price = 1; price <= 4; price++) {
			list("p" + price, price, "lamp");
		}

		RestClient.Response page = marketplace.search(this.buyer,
				"category=" + this.category + "&keywords=lamp&limit=2&offset=1");

		assertThat(page.body().path("items").findValuesAsString("name")).containsExactly("p2", "p3");
	}

	@Test
	void moreThanFiveKeywordsIs400() {
		assertProblem(marketplace.search(this.buyer, "category=" + this.category + "&keywords=a,b,c,d,e,f"), 400,
				"VALIDATION_FAILED");
	}

	@Test
	void missingOrNegativeCategoryIs400() {
		assertProblem(marketplace.search(this.buyer, "keywords=lamp"), 400, "VALIDATION_FAILED");
		assertProblem(marketplace.search(this.buyer, "category=-1"), 400, "VALIDATION_FAILED");
		assertProblem(marketplace.search(this.buyer, "category=lamp"), 400, "VALIDATION_FAILED");
	}

	String list(String name, double price, String... keywords) {
		return marketplace.listItem(this.seller,
				item("name", name, "category", this.category, "price", price, "keywords", List.of(keywords)));
	}

	static List<String> ids(RestClient.Response response) {
		return response.body().path("items").findValuesAsString("itemId");
	}

}
