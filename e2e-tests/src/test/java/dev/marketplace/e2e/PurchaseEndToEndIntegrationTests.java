package dev.marketplace.e2e;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static dev.marketplace.e2e.Marketplace.PASSWORD;
import static dev.marketplace.e2e.Marketplace.assertProblem;
import static dev.marketplace.e2e.Marketplace.card;
import static dev.marketplace.e2e.Marketplace.item;
import static org.assertj.core.api.Assertions.assertThat;

/** MakePurchase over HTTP, with the payment service approving every well-formed card. */
class PurchaseEndToEndIntegrationTests extends SharedMarketplaceTest {

	@Test
	void approvedPurchaseIsRecordedCountedAndEmptiesBothCarts() {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("price", 12.5, "quantity", 5));
		Marketplace.User buyer = marketplace.newBuyer();
		marketplace.addToCart(buyer.token(), lamp, 2);
		marketplace.saveCart(buyer.token());

		RestClient.Response purchase = marketplace.makePurchase(buyer.token(), null, card());

		assertThat(purchase.status()).as(purchase.body().toString()).isEqualTo(201);
		assertThat(purchase.body().path("total").decimalValue()).isEqualByComparingTo("25");
		assertThat(purchase.body().path("items").get(0).path("itemId").asString()).isEqualTo(lamp);
		assertThat(purchase.body().path("items").get(0).path("sellerId").asLong()).isEqualTo(seller.id());
		assertThat(purchase.text("purchaseId")).isNotBlank();
		assertThat(purchase.text("purchasedAt")).endsWith("Z");
		assertThat(marketplace.quantity(buyer.token(), lamp)).isEqualTo(3);
		assertThat(marketplace.cart(buyer.token()).body().path("items").size()).isZero();
		String again = marketplace.buyerLogin(buyer.username(), PASSWORD).text("sessionToken");
		assertThat(marketplace.cart(again).body().path("items").size()).as("saved cart").isZero();
		assertThat(marketplace.purchases(buyer.token()).body().path("items").findValuesAsString("purchaseId"))
			.containsExactly(purchase.text("purchaseId"));
		assertThat(PurchaseFixture.itemsSold(stack, seller.token())).isEqualTo(2);
		assertThat(marketplace.feedback(buyer.token(), lamp, "UP").status()).isEqualTo(204);
	}

	@Test
	void aPurchaseOfTensOfBillionsIsRecorded() {
		String yacht = marketplace.listItem(marketplace.newSellerSession(),
				item("price", new BigDecimal("99999999.99"), "quantity", 1_000));
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, yacht, 1_000);

		RestClient.Response purchase = marketplace.makePurchase(buyer, null, card());

		assertThat(purchase.status()).as(purchase.body().toString()).isEqualTo(201);
		assertThat(purchase.body().path("total").decimalValue()).isEqualByComparingTo("99999999990");
		assertThat(marketplace.purchases(buyer).body().path("items").get(0).path("total").decimalValue())
			.isEqualByComparingTo("99999999990");
	}

	@Test
	void purchasesAreCountedByOutcomeOnTheBuyerServicesManagementPort() {
		String lamp = marketplace.listItem(marketplace.newSellerSession(), item("quantity", 5));
		String buyerOfTwo = marketplace.newBuyerSession();
		marketplace.addToCart(buyerOfTwo, lamp, 2);
		String buyerOfFour = marketplace.newBuyerSession();
		marketplace.addToCart(buyerOfFour, lamp, 4);
		double approvedBefore = purchases("approved");
		double shortStockBefore = purchases("short_stock");

		marketplace.makePurchase(buyerOfTwo, null, card());
		marketplace.makePurchase(buyerOfFour, null, card());

		assertThat(purchases("approved")).isEqualTo(approvedBefore + 1);
		assertThat(purchases("short_stock")).isEqualTo(shortStockBefore + 1);
	}

	/** The buyer-service's count of purchases with this outcome, 0 before the first. */
	private static double purchases(String outcome) {
		String prometheus = marketplace.rest.get(stack.buyerManagementUrl + "/actuator/prometheus", null).bodyText();
		Matcher count = Pattern.compile("(?m)^marketplace_purchases_total\\{[^}]*outcome=\"" + outcome + "\"[^}]*} (\\S+)$")
			.matcher(prometheus);
		return count.find() ? Double.parseDouble(count.group(1)) : 0;
	}

	@Test
	void malformedCardIs400AndChangesNothing() {
		String lamp = marketplace.listItem(marketplace.newSellerSession(), item("quantity", 5));
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 1);

		RestClient.Response badCheckDigit = marketplace.makePurchase(buyer, null,
				card("cardNumber", "4111111111111112"));
		assertProblem(badCheckDigit, 400, "VALIDATION_FAILED");
		assertThat(badCheckDigit.body().path("errors").get(0).path("field").asString()).isEqualTo("cardNumber");
		RestClient.Response expired = marketplace.makePurchase(buyer, null, card("expiry", "01/20"));
		assertProblem(expired, 400, "VALIDATION_FAILED");
		assertThat(expired.body().path("errors").get(0).path("field").asString()).isEqualTo("expiry");
		assertProblem(marketplace.makePurchase(buyer, null, card("expiry", "2039-12")), 400, "VALIDATION_FAILED");

		assertThat(marketplace.quantity(buyer, lamp)).isEqualTo(5);
		assertThat(marketplace.cart(buyer).body().path("items").size()).isEqualTo(1);
	}

	@Test
	void emptyCartIs409CartEmpty() {
		assertProblem(marketplace.makePurchase(marketplace.newBuyerSession(), null, card()), 409, "CART_EMPTY");
	}

	@Test
	void stockThatRanShortSinceAddingIs409AndChangesNothing() {
		String seller = marketplace.newSellerSession();
		String lamp = marketplace.listItem(seller, item("quantity", 3));
		String chair = marketplace.listItem(seller, item("quantity", 3));
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, chair, 1);
		marketplace.addToCart(buyer, lamp, 3);
		marketplace.removeUnits(seller, lamp, 2);

		assertProblem(marketplace.makePurchase(buyer, null, card()), 409, "INSUFFICIENT_QUANTITY");

		assertThat(marketplace.quantity(buyer, chair)).isEqualTo(3);
		assertThat(marketplace.quantity(buyer, lamp)).isEqualTo(1);
		assertThat(marketplace.cart(buyer).body().path("items").size()).isEqualTo(2);
	}

	@Test
	void fiftyBuyersRacingForTenUnitsNeverOversell() throws Exception {
		Marketplace.User seller = marketplace.newSeller();
		String lamp = marketplace.listItem(seller.token(), item("quantity", 10));
		List<String> buyers = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			String buyer = marketplace.newBuyerSession();
			assertThat(marketplace.addToCart(buyer, lamp, 1).status()).isEqualTo(200);
			buyers.add(buyer);
		}

		List<Integer> statuses = inParallel(buyers.stream()
			.map((buyer) -> (Call) () -> marketplace.makePurchase(buyer, null, card()).status())
			.toList());

		assertThat(statuses).filteredOn((status) -> status == 201).hasSize(10);
		assertThat(statuses).filteredOn((status) -> status != 201).containsOnly(409);
		assertThat(marketplace.quantity(buyers.get(0), lamp)).isZero();
		assertThat(PurchaseFixture.itemsSold(stack, seller.token())).isEqualTo(10);
	}

	@Test
	void theSameIdempotencyKeySentFiveTimesInParallelBuysOnce() throws Exception {
		String lamp = marketplace.listItem(marketplace.newSellerSession(), item("quantity", 5));
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 2);
		String key = UUID.randomUUID().toString();

		List<Call> calls = new ArrayList<>();
		List<RestClient.Response> responses = Collections.synchronizedList(new ArrayList<>());
		for (int i = 0; i < 5; i++) {
			calls.add(() -> {
				RestClient.Response response = marketplace.makePurchase(buyer, key, card());
				responses.add(response);
				return response.status();
			});
		}
		List<Integer> statuses = inParallel(calls);

		assertThat(statuses).containsOnly(201);
		assertThat(responses).extracting((response) -> response.text("purchaseId")).containsOnly(
				responses.get(0).text("purchaseId"));
		assertThat(marketplace.quantity(buyer, lamp)).isEqualTo(3);
		assertThat(marketplace.purchases(buyer).body().path("items").size()).isEqualTo(1);
	}

	@Test
	void aRefusalIsTheStoredAnswerForItsKeyEvenAfterTheCartIsFixed() {
		String seller = marketplace.newSellerSession();
		String lamp = marketplace.listItem(seller, item("quantity", 2));
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 2);
		marketplace.removeUnits(seller, lamp, 1);
		String key = UUID.randomUUID().toString();
		RestClient.Response refusal = marketplace.makePurchase(buyer, key, card());
		assertProblem(refusal, 409, "INSUFFICIENT_QUANTITY");

		marketplace.removeFromCart(buyer, lamp, "?quantity=1");

		RestClient.Response replay = marketplace.makePurchase(buyer, key, card());
		assertProblem(replay, 409, "INSUFFICIENT_QUANTITY");
		assertThat(replay.body()).isEqualTo(refusal.body());
		assertThat(replay.text("instance")).isEqualTo("/api/v1/buyers/me/purchases");
		assertThat(marketplace.quantity(buyer, lamp)).isEqualTo(1);
		assertThat(marketplace.makePurchase(buyer, UUID.randomUUID().toString(), card()).status()).isEqualTo(201);
	}

	@Test
	void theSameKeyWithAnotherBodyIs422() {
		String lamp = marketplace.listItem(marketplace.newSellerSession(), item("quantity", 5));
		String buyer = marketplace.newBuyerSession();
		marketplace.addToCart(buyer, lamp, 1);
		String key = UUID.randomUUID().toString();
		assertThat(marketplace.makePurchase(buyer, key, card()).status()).isEqualTo(201);

		assertProblem(marketplace.makePurchase(buyer, key, card("cardholderName", "Someone Else")), 422,
				"IDEMPOTENCY_KEY_REUSED");
	}

	interface Call {

		int run() throws Exception;

	}

	static List<Integer> inParallel(List<Call> calls) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(Math.min(calls.size(), 25));
		try {
			List<Future<Integer>> futures = new ArrayList<>();
			for (Call call : calls) {
				futures.add(pool.submit(call::run));
			}
			List<Integer> results = new ArrayList<>();
			for (Future<Integer> future : futures) {
				results.add(future.get());
			}
			return results;
		}
		finally {
			pool.shutdownNow();
		}
	}

}
