package dev.marketplace.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.deskLamp;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;

/** GetSellerRating, ChangeItemPrice, UpdateUnitsForSale and DisplayItemsForSale over HTTP. */
class SellerOperationsEndToEndIntegrationTests extends SharedMarketplaceTest {

	@Test
	void newSellerHasNoFeedback() {
		Marketplace.User seller = marketplace.newSeller();

		RestClient.Response rating = marketplace.sellerRating(seller.token());

		assertThat(rating.status()).isEqualTo(200);
		assertThat(rating.body().path("sellerId").asLong()).isEqualTo(seller.id());
		assertThat(rating.body().path("thumbsUp").asInt()).isZero();
		assertThat(rating.body().path("thumbsDown").asInt()).isZero();
	}

	@Test
	void sellerChangesThePriceOfItsItem() {
		String token = marketplace.newSellerSession();
		String itemId = marketplace.listItem(token, deskLamp());

		RestClient.Response changed = marketplace.changePrice(token, itemId, 9.99);

		assertThat(changed.status()).isEqualTo(200);
		assertThat(changed.body().path("price").decimalValue()).isEqualByComparingTo("9.99");
		assertThat(marketplace.getItem(marketplace.newBuyerSession(), itemId).body().path("price").decimalValue())
			.isEqualByComparingTo("9.99");
	}

	@Test
	void anotherSellersItemIs403NotItemOwner() {
		String itemId = marketplace.listItem(marketplace.newSellerSession(), deskLamp());
		String intruder = marketplace.newSellerSession();

		assertProblem(marketplace.changePrice(intruder, itemId, 1), 403, "NOT_ITEM_OWNER");
		assertProblem(marketplace.removeUnits(intruder, itemId, 1), 403, "NOT_ITEM_OWNER");
	}

	@Test
	void anItemInTheLargestCategoryAnIdCarriesIsListedAndUsable() {
		String token = marketplace.newSellerSession();
		String itemId = marketplace.listItem(token, item("category", 999_999_999));

		assertThat(itemId).startsWith("999999999-");
		assertThat(marketplace.getItem(marketplace.newBuyerSession(), itemId).status()).isEqualTo(200);
		assertThat(marketplace.changePrice(token, itemId, 9.99).status()).isEqualTo(200);
	}

	@Test
	void aCategoryNoItemIdCanCarryIsRefusedAtListingAndInSearch() {
		String token = marketplace.newSellerSession();

		RestClient.Response listed = marketplace.registerItem(token, item("category", 1_000_000_000));

		assertProblem(listed, 400, "VALIDATION_FAILED");
		assertThat(listed.body().path("errors").get(0).path("field").asString()).isEqualTo("category");
		assertProblem(marketplace.search(marketplace.newBuyerSession(), "category=1000000000"), 400,
				"VALIDATION_FAILED");
	}

	@Test
	void unknownItemIs404() {
		String token = marketplace.newSellerSession();

		assertProblem(marketplace.changePrice(token, "3-999999999", 1), 404, "ITEM_NOT_FOUND");
		assertProblem(marketplace.removeUnits(token, "3-999999999", 1), 404, "ITEM_NOT_FOUND");
	}

	@Test
	void priceMustBePositiveWithAtMostTwoDecimals() {
		String token = marketplace.newSellerSession();
		String itemId = marketplace.listItem(token, deskLamp());

		assertProblem(marketplace.changePrice(token, itemId, 0), 400, "VALIDATION_FAILED");
		assertProblem(marketplace.changePrice(token, itemId, -1), 400, "VALIDATION_FAILED");
		assertProblem(marketplace.changePrice(token, itemId, 1.999), 400, "VALIDATION_FAILED");
	}

	@Test
	void removingUnitsLowersTheQuantityButNeverBelowZero() {
		String token = marketplace.newSellerSession();
		String itemId = marketplace.listItem(token, item("quantity", 5));

		RestClient.Response removed = marketplace.removeUnits(token, itemId, 2);
		assertThat(removed.status()).isEqualTo(200);
		assertThat(removed.body().path("quantity").asInt()).isEqualTo(3);

		assertProblem(marketplace.removeUnits(token, itemId, 4), 409, "INSUFFICIENT_QUANTITY");
		assertProblem(marketplace.removeUnits(token, itemId, 0), 400, "VALIDATION_FAILED");
	}

	@Test
	void parallelRemovalsNeverDriveTheQuantityBelowZero() throws Exception {
		String token = marketplace.newSellerSession();
		String itemId = marketplace.listItem(token, item("quantity", 10));
		List<Integer> statuses = new ArrayList<>();
		ExecutorService pool = Executors.newFixedThreadPool(12);
		try {
			List<Future<Integer>> calls = new ArrayList<>();
			for (int i = 0; i < 30; i++) {
				calls.add(pool.submit(() -> marketplace.removeUnits(token, itemId, 1).status()));
			}
			for (Future<Integer> call : calls) {
				statuses.add(call.get());
			}
		}
		finally {
			pool.shutdownNow();
		}

		assertThat(statuses).filteredOn((status) -> status == 200).hasSize(10);
		assertThat(statuses).filteredOn((status) -> status == 409).hasSize(20);
		assertThat(marketplace.getItem(marketplace.newBuyerSession(), itemId).body().path("quantity").asInt())
			.isZero();
	}

	@Test
	void itemsForSaleAreTheSellersOwnWithUnitsLeftPaged() {
		String token = marketplace.newSellerSession();
		String first = marketplace.listItem(token, item("name", "first"));
		String soldOut = marketplace.listItem(token, item("name", "sold out", "quantity", 1));
		marketplace.removeUnits(token, soldOut, 1);
		String third = marketplace.listItem(token, item("name", "third"));
		marketplace.listItem(marketplace.newSellerSession(), item("name", "someone else's"));

		RestClient.Response all = marketplace.itemsForSale(token, "");
		RestClient.Response secondPage = marketplace.itemsForSale(token, "?limit=1&offset=1");

		assertThat(all.body().path("items").findValuesAsString("itemId")).containsExactly(first, third);
		assertThat(secondPage.body().path("items").findValuesAsString("itemId")).containsExactly(third);
		assertProblem(marketplace.itemsForSale(token, "?limit=101"), 400, "VALIDATION_FAILED");
	}

}
