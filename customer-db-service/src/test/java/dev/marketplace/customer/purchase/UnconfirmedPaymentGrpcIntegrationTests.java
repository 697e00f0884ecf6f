package dev.marketplace.customer.purchase;

import java.util.List;
import java.util.UUID;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.ForgetUnconfirmedPaymentsRequest;
import dev.marketplace.proto.customer.v1.ListUnconfirmedPaymentsRequest;
import dev.marketplace.proto.customer.v1.UnconfirmedPayment;
import io.grpc.Status;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UnconfirmedPaymentGrpcIntegrationTests extends CustomerDbIntegrationTest {

	static final long BUYER = 7;

	@BeforeEach
	void nothingKept() {
		this.jdbc.sql("DELETE FROM unconfirmed_payments").update();
	}

	@Test
	void keptPaymentsAreListedOldestFirstWithTheirBuyer() {
		String first = keep(BUYER);
		String second = keep(BUYER + 1);

		List<UnconfirmedPayment> kept = list(100);

		assertThat(kept).extracting(UnconfirmedPayment::getPurchaseId).containsExactly(first, second);
		assertThat(kept).extracting(UnconfirmedPayment::getBuyerId).containsExactly(BUYER, BUYER + 1);
		assertThat(kept.get(0).getKeptAtEpochMillis()).isPositive()
			.isLessThanOrEqualTo(kept.get(1).getKeptAtEpochMillis());
	}

	@Test
	void keepingAPaymentTwiceKeepsItOnce() {
		String purchaseId = keep(BUYER);
		this.grpc.purchases.keepUnconfirmedPayment(payment(purchaseId, BUYER));

		assertThat(list(100)).extracting(UnconfirmedPayment::getPurchaseId).containsExactly(purchaseId);
	}

	@Test
	void aListIsCutAtItsLimit() {
		String oldest = keep(BUYER);
		keep(BUYER);

		assertThat(list(1)).extracting(UnconfirmedPayment::getPurchaseId).containsExactly(oldest);
	}

	@Test
	void forgottenPaymentsAreNoLongerListedAndOnlyThoseKeptAreCounted() {
		String confirmed = keep(BUYER);
		String waiting = keep(BUYER);

		int forgotten = this.grpc.purchases.forgetUnconfirmedPayments(ForgetUnconfirmedPaymentsRequest.newBuilder()
			.addPurchaseIds(confirmed)
			.addPurchaseIds(UUID.randomUUID().toString())
			.build()).getForgotten();

		assertThat(forgotten).isEqualTo(1);
		assertThat(list(100)).extracting(UnconfirmedPayment::getPurchaseId).containsExactly(waiting);
	}

	@Test
	void aPurchaseIdThatIsNotAUuidIsInvalidArgument() {
		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED,
				() -> this.grpc.purchases.keepUnconfirmedPayment(payment("not-a-uuid", BUYER)));
	}

	@Test
	void aBuyerIdThatIsNotPositiveIsInvalidArgument() {
		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED,
				() -> this.grpc.purchases.keepUnconfirmedPayment(payment(UUID.randomUUID().toString(), 0)));
	}

	@Test
	void listingMoreThanAHundredAtOnceIsInvalidArgument() {
		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED, () -> list(101));
		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED, () -> list(0));
	}

	@Test
	void forgettingMoreThanAHundredAtOnceIsInvalidArgument() {
		ForgetUnconfirmedPaymentsRequest.Builder tooMany = ForgetUnconfirmedPaymentsRequest.newBuilder();
		for (int i = 0; i <= 100; i++) {
			tooMany.addPurchaseIds(UUID.randomUUID().toString());
		}
		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED,
				() -> this.grpc.purchases.forgetUnconfirmedPayments(tooMany.build()));
	}

	String keep(long buyerId) {
		String purchaseId = UUID.randomUUID().toString();
		// One call after another, so each is kept at a later microsecond than the one before.
		this.grpc.purchases.keepUnconfirmedPayment(payment(purchaseId, buyerId));
		return purchaseId;
	}

	List<UnconfirmedPayment> list(int limit) {
		return this.grpc.purchases
			.listUnconfirmedPayments(ListUnconfirmedPaymentsRequest.newBuilder().setLimit(limit).build())
			.getPaymentsList();
	}

	static UnconfirmedPayment payment(String purchaseId, long buyerId) {
		return UnconfirmedPayment.newBuilder().setPurchaseId(purchaseId).setBuyerId(buyerId).build();
	}

}
