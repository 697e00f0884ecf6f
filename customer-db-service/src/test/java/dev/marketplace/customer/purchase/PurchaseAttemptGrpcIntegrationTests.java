package dev.marketplace.customer.purchase;

import java.util.UUID;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.AddToCartRequest;
import dev.marketplace.proto.customer.v1.BeginPurchaseAttemptRequest;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.FinishPurchaseAttemptRequest;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseAttempt;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.customer.v1.Role;
import io.grpc.Status;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PurchaseAttemptGrpcIntegrationTests extends CustomerDbIntegrationTest {

	String username;

	long buyer;

	@BeforeEach
	void buyer() {
		this.username = unique();
		this.buyer = this.grpc.createAccount(Role.BUYER, this.username, PASSWORD);
	}

	@Test
	void theFirstRequestClaimsTheKeyAndLaterOnesWaitThenGetItsAnswer() {
		PurchaseAttempt first = begin("key-1", "body-a");
		PurchaseAttempt concurrent = begin("key-1", "body-a");
		finish("key-1", true, 201, "{\"purchaseId\":\"x\"}");
		PurchaseAttempt repeat = begin("key-1", "body-a");

		assertThat(first.getState()).isEqualTo(PurchaseAttempt.State.CLAIMED);
		assertThat(concurrent.getState()).isEqualTo(PurchaseAttempt.State.IN_PROGRESS);
		assertThat(repeat.getState()).isEqualTo(PurchaseAttempt.State.COMPLETED);
		assertThat(repeat.getStatusCode()).isEqualTo(201);
		assertThat(repeat.getResponseBody()).isEqualTo("{\"purchaseId\":\"x\"}");
	}

	@Test
	void theSameKeyWithAnotherRequestIsIdempotencyKeyReused() {
		begin("key-2", "body-a");

		assertFailsWith(Status.Code.FAILED_PRECONDITION, ErrorCode.IDEMPOTENCY_KEY_REUSED,
				() -> begin("key-2", "body-b"));
	}

	@Test
	void aClaimGivenUpIsTakenOverWithTheSamePurchaseId() {
		PurchaseAttempt first = begin("key-3", "body-a");
		finish("key-3", false, 503, "");

		PurchaseAttempt retry = begin("key-3", "body-a");

		assertThat(retry.getState()).isEqualTo(PurchaseAttempt.State.CLAIMED);
		assertThat(retry.getPurchaseId()).isEqualTo(first.getPurchaseId());
	}

	@Test
	void aClaimTakenOverIsToldToResumeAndAFirstClaimIsNot() {
		PurchaseAttempt first = begin("key-4", "body-a");
		finish("key-4", false, 503, "");

		PurchaseAttempt retry = begin("key-4", "body-a");

		assertThat(first.getResumed()).isFalse();
		assertThat(retry.getResumed()).as("the earlier run may have been paid").isTrue();
	}

	@Test
	void recordingAPurchaseEmptiesTheSessionCartAndTheSavedCart() {
		CartRequest cart = this.grpc.buyerCart(this.username, PASSWORD);
		this.grpc.carts.addToCart(
				AddToCartRequest.newBuilder().setCart(cart).setItemId("3-1").setQuantity(1).setAvailable(5).build());
		this.grpc.carts.saveCart(cart);

		this.grpc.purchases.recordPurchase(RecordPurchaseRequest.newBuilder()
			.setSessionId(this.grpc.sessionIdOf(cart))
			.setPurchase(Purchase.newBuilder()
				.setPurchaseId(UUID.randomUUID().toString())
				.setBuyerId(this.buyer)
				.setPurchasedAtEpochMillis(1_000)
				.setTotalCents(100)
				.addLines(PurchaseLine.newBuilder().setItemId("3-1").setQuantity(1).setUnitPriceCents(100).setSellerId(1)))
			.build());

		assertThat(this.grpc.carts.getCart(cart).getLinesList()).isEmpty();
		assertThat(this.grpc.carts.getCart(this.grpc.buyerCart(this.username, PASSWORD)).getLinesList()).isEmpty();
	}

	PurchaseAttempt begin(String key, String fingerprint) {
		return this.grpc.purchases.beginPurchaseAttempt(BeginPurchaseAttemptRequest.newBuilder()
			.setBuyerId(this.buyer)
			.setIdempotencyKey(key)
			.setRequestFingerprint(fingerprint)
			.build());
	}

	void finish(String key, boolean isFinal, int status, String body) {
		this.grpc.purchases.finishPurchaseAttempt(FinishPurchaseAttemptRequest.newBuilder()
			.setBuyerId(this.buyer)
			.setIdempotencyKey(key)
			.setFinal(isFinal)
			.setStatusCode(status)
			.setResponseBody(body)
			.build());
	}

}
