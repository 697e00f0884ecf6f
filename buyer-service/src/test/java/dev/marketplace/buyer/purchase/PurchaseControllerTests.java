package dev.marketplace.buyer.purchase;

import dev.marketplace.frontend.FrontendWebMvcTest;
import dev.marketplace.frontend.GrpcAnswers;
import dev.marketplace.proto.customer.v1.ListPurchasesResponse;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static dev.marketplace.frontend.GrpcAnswers.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willAnswer;

@FrontendWebMvcTest(PurchaseController.class)
class PurchaseControllerTests {

	private static final String CARD = """
			{"cardholderName":"Ada Lovelace","cardNumber":"4111111111111111","expiry":"12/99","securityCode":"123"}""";

	private static final PurchaseOutcome BOUGHT = new PurchaseOutcome.Bought(
			Purchase.newBuilder().setPurchaseId("b1f2").setPurchasedAtEpochMillis(1_795_000_000_000L).build());

	@Autowired
	MockMvcTester mvc;

	@Autowired
	SessionServiceGrpc.AsyncService sessions;

	@Autowired
	PurchaseServiceGrpc.AsyncService purchases;

	@MockitoBean
	PurchaseSaga saga;

	@BeforeEach
	void signedInAsBuyer4() {
		GrpcAnswers.liveSession(this.sessions, 4);
	}

	@Test
	void aPurchaseWithoutAKeyRunsWithNone() throws InterruptedException {
		given(this.saga.purchase(any(), any(), isNull())).willReturn(BOUGHT);

		assertThat(buy(CARD)).hasStatus(201);
	}

	@Test
	void aPurchaseWithAKeyRunsUnderIt() throws InterruptedException {
		given(this.saga.purchase(any(), any(), eq("k-1"))).willReturn(BOUGHT);

		assertThat(buy(CARD).header("Idempotency-Key", "k-1")).hasStatus(201);
	}

	@Test
	void aKeyOf64CharactersRunsUnderIt() throws InterruptedException {
		String key = "k".repeat(64);
		given(this.saga.purchase(any(), any(), eq(key))).willReturn(BOUGHT);

		assertThat(buy(CARD).header("Idempotency-Key", key)).hasStatus(201);
	}

	@Test
	void aPurchaseBoughtIs201WithThePurchase() throws InterruptedException {
		given(this.saga.purchase(any(), any(), any())).willReturn(BOUGHT);

		assertThat(buy(CARD)).hasStatus(201)
			.bodyJson()
			.isLenientlyEqualTo("""
					{"purchaseId":"b1f2","purchasedAt":"2026-11-18T11:06:40Z","total":0,"items":[]}""");
	}

	@Test
	void aDeclinedPaymentIs402WithItsCode() throws InterruptedException {
		given(this.saga.purchase(any(), any(), any()))
			.willReturn(new PurchaseOutcome.Refused(new Refusal(Refusal.PAYMENT_DECLINED, "The payment was declined")));

		assertThat(buy(CARD)).hasStatus(402)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("PAYMENT_DECLINED");
	}

	@Test
	void aPurchaseUndoneIs503SoTheClientRepeatsIt() throws InterruptedException {
		given(this.saga.purchase(any(), any(), any())).willReturn(new PurchaseOutcome.Undone("b1f2"));

		assertThat(buy(CARD)).hasStatus(503).hasContentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	@Test
	void aKeyStillRunningIs409WithRetryAfter() throws InterruptedException {
		given(this.saga.purchase(any(), any(), any())).willReturn(new PurchaseOutcome.StillRunning());

		assertThat(buy(CARD).header("Idempotency-Key", "k-1")).hasStatus(409)
			.hasHeader("Retry-After", "2")
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("PURCHASE_IN_PROGRESS");
	}

	@Test
	void aKeyReusedWithAnotherBodyIs422() throws InterruptedException {
		given(this.saga.purchase(any(), any(), any())).willReturn(new PurchaseOutcome.KeyReused());

		assertThat(buy(CARD).header("Idempotency-Key", "k-1")).hasStatus(422)
			.bodyJson()
			.extractingPath("$.code")
			.isEqualTo("IDEMPOTENCY_KEY_REUSED");
	}

	// Servers strip a header value's surrounding whitespace, so a blank key arrives empty.
	@ParameterizedTest
	@ValueSource(ints = { 0, 65 })
	void aKeyOfNoneOrMoreThan64CharactersIs400NamingTheHeaderBeforeAnythingRuns(int length) {
		assertThat(buy(CARD).header("Idempotency-Key", "k".repeat(length))).hasStatus(400)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(validationFailed("Idempotency-Key", "must be 1 to 64 characters"));
		then(this.saga).shouldHaveNoInteractions();
	}

	@Test
	void anExpiryThatIsNotMonthSlashYearIs400NamingTheField() {
		assertThat(buy(CARD.replace("12/99", "2039-12"))).hasStatus(400)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.extractingPath("$.errors[0].field")
			.isEqualTo("expiry");
		then(this.saga).shouldHaveNoInteractions();
	}

	@Test
	void aCardNumberWithLettersIs400() {
		assertThat(buy(CARD.replace("4111111111111111", "4111-1111-1111-1111"))).hasStatus(400)
			.bodyJson()
			.extractingPath("$.errors[0].field")
			.isEqualTo("cardNumber");
	}

	@Test
	void aCardNumberFailingTheLuhnCheckIs400NamingTheFieldBeforeAnythingIsReserved() {
		assertThat(buy(CARD.replace("4111111111111111", "4111111111111112"))).hasStatus(400)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(validationFailed("cardNumber", "is not a valid card number"));
		then(this.saga).shouldHaveNoInteractions();
	}

	@Test
	void aCardPastItsExpiryMonthIs400NamingTheFieldBeforeAnythingIsReserved() {
		assertThat(buy(CARD.replace("12/99", "01/20"))).hasStatus(400)
			.bodyJson()
			.isLenientlyEqualTo(validationFailed("expiry", "the card has expired"));
		then(this.saga).shouldHaveNoInteractions();
	}

	@Test
	void theHistoryAnswersMoneyInUnitsAndTimesInIso8601() {
		willAnswer(reply(ListPurchasesResponse.newBuilder()
			.addPurchases(Purchase.newBuilder()
				.setPurchaseId("b1f2")
				.setPurchasedAtEpochMillis(1_795_000_000_000L)
				.setTotalCents(2500)
				.addLines(PurchaseLine.newBuilder()
					.setItemId("3-17")
					.setQuantity(2)
					.setUnitPriceCents(1250)
					.setSellerId(7)))
			.build())).given(this.purchases).listPurchases(any(), any());

		assertThat(this.mvc.get().uri("/api/v1/buyers/me/purchases").header("Authorization", "Bearer t0k3n"))
			.hasStatus(200)
			.bodyJson()
			.isLenientlyEqualTo("""
					{"items":[{"purchaseId":"b1f2","purchasedAt":"2026-11-18T11:06:40Z","total":25.0,
					"items":[{"itemId":"3-17","quantity":2,"unitPrice":12.5,"sellerId":7}]}]}""");
	}

	/** A 400 problem naming one field, and only that one. */
	private static String validationFailed(String field, String message) {
		return """
				{"code": "VALIDATION_FAILED", "errors": [{"field": "%s", "message": "%s"}]}""".formatted(field, message);
	}

	private MockMvcTester.MockMvcRequestBuilder buy(String json) {
		return this.mvc.post()
			.uri("/api/v1/buyers/me/purchases")
			.header("Authorization", "Bearer t0k3n")
			.contentType(MediaType.APPLICATION_JSON)
			.content(json);
	}

}
