package dev.marketplace.customer.purchase;

import java.util.List;
import java.util.UUID;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.AddToCartRequest;
import dev.marketplace.proto.customer.v1.BeginCheckoutRequest;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.Checkout;
import dev.marketplace.proto.customer.v1.CheckoutRequest;
import dev.marketplace.proto.customer.v1.ClaimStalledCheckoutsRequest;
import dev.marketplace.proto.customer.v1.EndCheckoutRequest;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.customer.v1.Role;
import io.grpc.Status;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CheckoutGrpcIntegrationTests extends CustomerDbIntegrationTest {

	String username;

	long buyer;

	@BeforeEach
	void buyer() {
		this.username = unique();
		this.buyer = this.grpc.createAccount(Role.BUYER, this.username, PASSWORD);
	}

	@Test
	void aCheckoutWithoutAKeyIsClaimedUnderAPurchaseIdOfItsOwn() {
		Checkout first = begin("", "");
		Checkout second = begin("", "");

		assertThat(List.of(first, second)).allSatisfy((checkout) -> {
			assertThat(checkout.getState()).isEqualTo(Checkout.State.RUNNING);
			assertThat(checkout.getClaimed()).isTrue();
			assertThat(checkout.getResumed()).isFalse();
		});
		assertThat(first.getPurchaseId()).isNotEqualTo(second.getPurchaseId());
	}

	@Test
	void whileTheFirstRequestWithAKeyRunsARepeatIsToldItIsRunning() {
		Checkout first = begin("key-1", "body-a");
		Checkout repeat = begin("key-1", "body-a");

		assertThat(first.getClaimed()).isTrue();
		assertThat(repeat.getClaimed()).isFalse();
		assertThat(repeat.getState()).isEqualTo(Checkout.State.RUNNING);
		assertThat(repeat.getPurchaseId()).isEqualTo(first.getPurchaseId());
	}

	@Test
	void recordingThePurchaseCompletesItsCheckoutAndARepeatOfTheKeyGetsThePurchase() {
		Checkout first = begin("key-2", "body-a");
		record(first.getPurchaseId(), RecordPurchaseRequest.newBuilder());

		Checkout repeat = begin("key-2", "body-a");

		assertThat(repeat.getState()).isEqualTo(Checkout.State.COMPLETED);
		assertThat(repeat.getClaimed()).isFalse();
		assertThat(repeat.getPurchase().getPurchaseId()).isEqualTo(first.getPurchaseId());
		assertThat(repeat.getPurchase().getTotalCents()).isEqualTo(100);
	}

	@Test
	void aRefusalIsTheAnswerOfEveryRepeatOfTheKey() {
		Checkout first = begin("key-3", "body-a");
		end(first.getPurchaseId(), Checkout.State.REFUSED, "PAYMENT_DECLINED", "Declined by the card issuer");

		Checkout repeat = begin("key-3", "body-a");

		assertThat(repeat.getState()).isEqualTo(Checkout.State.REFUSED);
		assertThat(repeat.getRefusalCode()).isEqualTo("PAYMENT_DECLINED");
		assertThat(repeat.getRefusalDetail()).isEqualTo("Declined by the card issuer");
	}

	@Test
	void theSameKeyWithAnotherRequestIsIdempotencyKeyReused() {
		begin("key-4", "body-a");

		assertFailsWith(Status.Code.FAILED_PRECONDITION, ErrorCode.IDEMPOTENCY_KEY_REUSED,
				() -> begin("key-4", "body-b"));
	}

	@Test
	void aReleasedCheckoutIsTakenOverByARepeatOfItsKeyWhichResumesIt() {
		Checkout first = begin("key-5", "body-a");
		release(first.getPurchaseId());

		Checkout repeat = begin("key-5", "body-a");

		assertThat(repeat.getClaimed()).isTrue();
		assertThat(repeat.getResumed()).as("the earlier run may have been paid").isTrue();
		assertThat(repeat.getPurchaseId()).isEqualTo(first.getPurchaseId());
	}

	@Test
	void anAbandonedCheckoutStartsAfreshUnderANewPurchaseIdForARepeatOfItsKey() {
		Checkout first = begin("key-6", "body-a");
		end(first.getPurchaseId(), Checkout.State.ABANDONED, "", "");

		Checkout repeat = begin("key-6", "body-a");

		assertThat(repeat.getClaimed()).isTrue();
		assertThat(repeat.getResumed()).isFalse();
		assertThat(repeat.getPurchaseId()).isNotEqualTo(first.getPurchaseId());
	}

	@Test
	void aStalledCheckoutIsClaimedByOneCallerOnlyAndARunningOneByNone() {
		Checkout stalled = begin("", "");
		Checkout running = begin("", "");
		release(stalled.getPurchaseId());

		List<String> claimed = claimStalled();
		List<String> claimedAgain = claimStalled();

		assertThat(claimed).contains(stalled.getPurchaseId()).doesNotContain(running.getPurchaseId());
		assertThat(claimedAgain).doesNotContain(stalled.getPurchaseId());
	}

	@Test
	void aCheckoutThatEndedIsNotChangedByALaterEnd() {
		Checkout first = begin("", "");
		record(first.getPurchaseId(), RecordPurchaseRequest.newBuilder());

		Checkout late = end(first.getPurchaseId(), Checkout.State.ABANDONED, "", "");

		assertThat(late.getState()).isEqualTo(Checkout.State.COMPLETED);
	}

	@Test
	void aCheckoutEndsOnlyRefusedOrAbandoned() {
		Checkout first = begin("", "");

		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED,
				() -> end(first.getPurchaseId(), Checkout.State.COMPLETED, "", ""));
	}

	@Test
	void recordingAPurchaseEmptiesTheSessionCartAndTheSavedCart() {
		CartRequest cart = this.grpc.buyerCart(this.username, PASSWORD);
		this.grpc.carts.addToCart(
				AddToCartRequest.newBuilder().setCart(cart).setItemId("3-1").setQuantity(1).setAvailable(5).build());
		this.grpc.carts.saveCart(cart);

		record(UUID.randomUUID().toString(), RecordPurchaseRequest.newBuilder().setSessionId(this.grpc.sessionIdOf(cart)));

		assertThat(this.grpc.carts.getCart(cart).getLinesList()).isEmpty();
		assertThat(this.grpc.carts.getCart(this.grpc.buyerCart(this.username, PASSWORD)).getLinesList()).isEmpty();
	}

	Checkout begin(String key, String fingerprint) {
		return this.grpc.purchases.beginCheckout(BeginCheckoutRequest.newBuilder()
			.setBuyerId(this.buyer)
			.setIdempotencyKey(key)
			.setRequestFingerprint(fingerprint)
			.build());
	}

	Checkout end(String purchaseId, Checkout.State state, String code, String detail) {
		return this.grpc.purchases.endCheckout(EndCheckoutRequest.newBuilder()
			.setPurchaseId(purchaseId)
			.setState(state)
			.setRefusalCode(code)
			.setRefusalDetail(detail)
			.build());
	}

	void release(String purchaseId) {
		this.grpc.purchases.releaseCheckout(CheckoutRequest.newBuilder().setPurchaseId(purchaseId).build());
	}

	List<String> claimStalled() {
		return this.grpc.purchases.claimStalledCheckouts(ClaimStalledCheckoutsRequest.newBuilder().setLimit(100).build())
			.getCheckoutsList()
			.stream()
			.map(Checkout::getPurchaseId)
			.toList();
	}

	void record(String purchaseId, RecordPurchaseRequest.Builder request) {
		this.grpc.purchases.recordPurchase(request.setPurchase(Purchase.newBuilder()
			.setPurchaseId(purchaseId)
			.setBuyerId(this.buyer)
			.setPurchasedAtEpochMillis(1_000)
			.setTotalCents(100)
			.addLines(PurchaseLine.newBuilder().setItemId("3-1").setQuantity(1).setUnitPriceCents(100).setSellerId(1)))
			.build());
	}

}
