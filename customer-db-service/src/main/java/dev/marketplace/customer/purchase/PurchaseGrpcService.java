package dev.marketplace.customer.purchase;

import java.math.BigDecimal;
import java.time.Instant;

import dev.marketplace.proto.customer.v1.BeginPurchaseAttemptRequest;
import dev.marketplace.proto.customer.v1.FinishPurchaseAttemptRequest;
import dev.marketplace.proto.customer.v1.ForgetUnconfirmedPaymentsRequest;
import dev.marketplace.proto.customer.v1.ForgetUnconfirmedPaymentsResponse;
import dev.marketplace.proto.customer.v1.KeepUnconfirmedPaymentResponse;
import dev.marketplace.proto.customer.v1.ListPurchasesRequest;
import dev.marketplace.proto.customer.v1.ListPurchasesResponse;
import dev.marketplace.proto.customer.v1.ListUnconfirmedPaymentsRequest;
import dev.marketplace.proto.customer.v1.ListUnconfirmedPaymentsResponse;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseAttempt;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.RecordFeedbackRequest;
import dev.marketplace.proto.customer.v1.RecordFeedbackResponse;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.customer.v1.RecordPurchaseResponse;
import dev.marketplace.proto.customer.v1.UnconfirmedPayment;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;

@Service
class PurchaseGrpcService extends PurchaseServiceGrpc.PurchaseServiceImplBase {

	private final PurchaseService purchases;

	private final PurchaseAttempts attempts;

	private final UnconfirmedPayments unconfirmed;

	PurchaseGrpcService(PurchaseService purchases, PurchaseAttempts attempts, UnconfirmedPayments unconfirmed) {
		this.purchases = purchases;
		this.attempts = attempts;
		this.unconfirmed = unconfirmed;
	}

	@Override
	public void beginPurchaseAttempt(BeginPurchaseAttemptRequest request, StreamObserver<PurchaseAttempt> responses) {
		reply(responses, this.attempts.begin(request.getBuyerId(), request.getIdempotencyKey(),
				request.getRequestFingerprint()));
	}

	@Override
	public void finishPurchaseAttempt(FinishPurchaseAttemptRequest request,
			StreamObserver<PurchaseAttempt> responses) {
		reply(responses, this.attempts.finish(request.getBuyerId(), request.getIdempotencyKey(), request.getFinal(),
				request.getStatusCode(), request.getResponseBody()));
	}

	private static void reply(StreamObserver<PurchaseAttempt> responses, PurchaseAttempts.Attempt attempt) {
		responses.onNext(PurchaseAttempt.newBuilder()
			.setState(PurchaseAttempt.State.valueOf(attempt.state().name()))
			.setPurchaseId(attempt.purchaseId())
			.setStatusCode(attempt.statusCode())
			.setResponseBody(attempt.body())
			.setResumed(attempt.resumed())
			.build());
		responses.onCompleted();
	}

	@Override
	public void recordPurchase(RecordPurchaseRequest request, StreamObserver<RecordPurchaseResponse> responses) {
		PurchaseRecord recorded = this.purchases.record(fromProto(request.getPurchase()), carts(request));
		responses.onNext(RecordPurchaseResponse.newBuilder().setPurchase(toProto(recorded)).build());
		responses.onCompleted();
	}

	@Override
	public void keepUnconfirmedPayment(UnconfirmedPayment request,
			StreamObserver<KeepUnconfirmedPaymentResponse> responses) {
		this.unconfirmed.keep(request.getPurchaseId(), request.getBuyerId());
		responses.onNext(KeepUnconfirmedPaymentResponse.getDefaultInstance());
		responses.onCompleted();
	}

	@Override
	public void listUnconfirmedPayments(ListUnconfirmedPaymentsRequest request,
			StreamObserver<ListUnconfirmedPaymentsResponse> responses) {
		ListUnconfirmedPaymentsResponse.Builder list = ListUnconfirmedPaymentsResponse.newBuilder();
		this.unconfirmed.oldest(request.getLimit())
			.forEach((kept) -> list.addPayments(UnconfirmedPayment.newBuilder()
				.setPurchaseId(kept.purchaseId())
				.setBuyerId(kept.buyerId())
				.setKeptAtEpochMillis(kept.keptAt().toEpochMilli())));
		responses.onNext(list.build());
		responses.onCompleted();
	}

	@Override
	public void forgetUnconfirmedPayments(ForgetUnconfirmedPaymentsRequest request,
			StreamObserver<ForgetUnconfirmedPaymentsResponse> responses) {
		int forgotten = this.unconfirmed.forget(request.getPurchaseIdsList());
		responses.onNext(ForgetUnconfirmedPaymentsResponse.newBuilder().setForgotten(forgotten).build());
		responses.onCompleted();
	}

	private static PurchaseService.Carts carts(RecordPurchaseRequest request) {
		return switch (request.getCartsCase()) {
			case SESSION_ID -> PurchaseService.Carts.ofSession(request.getSessionId());
			case EVERY_CART_OF_BUYER ->
				request.getEveryCartOfBuyer() ? PurchaseService.Carts.EVERY_OF_BUYER : PurchaseService.Carts.NONE;
			case CARTS_NOT_SET -> PurchaseService.Carts.NONE;
		};
	}

	@Override
	public void listPurchases(ListPurchasesRequest request, StreamObserver<ListPurchasesResponse> responses) {
		ListPurchasesResponse.Builder page = ListPurchasesResponse.newBuilder();
		this.purchases.history(request.getBuyerId(), request.getLimit(), request.getOffset())
			.forEach((purchase) -> page.addPurchases(toProto(purchase)));
		responses.onNext(page.build());
		responses.onCompleted();
	}

	@Override
	public void recordFeedback(RecordFeedbackRequest request, StreamObserver<RecordFeedbackResponse> responses) {
		PurchaseService.Vote vote = this.purchases.recordFeedback(request.getBuyerId(), request.getItemId(),
				request.getThumbsUp());
		responses.onNext(RecordFeedbackResponse.newBuilder()
			.setSellerId(vote.sellerId())
			.setThumbsUp(vote.thumbsUp())
			.setNewlyRecorded(vote.newlyRecorded())
			.build());
		responses.onCompleted();
	}

	private static PurchaseRecord fromProto(Purchase purchase) {
		return new PurchaseRecord(purchase.getPurchaseId(), purchase.getBuyerId(),
				Instant.ofEpochMilli(purchase.getPurchasedAtEpochMillis()),
				BigDecimal.valueOf(purchase.getTotalCents(), 2),
				purchase.getLinesList()
					.stream()
					.map((line) -> new PurchaseRecord.Line(line.getItemId(), line.getQuantity(),
							BigDecimal.valueOf(line.getUnitPriceCents(), 2), line.getSellerId()))
					.toList());
	}

	private static Purchase toProto(PurchaseRecord purchase) {
		Purchase.Builder proto = Purchase.newBuilder()
			.setPurchaseId(purchase.id())
			.setBuyerId(purchase.buyerId())
			.setPurchasedAtEpochMillis(purchase.purchasedAt().toEpochMilli())
			.setTotalCents(cents(purchase.total()));
		purchase.lines()
			.forEach((line) -> proto.addLines(PurchaseLine.newBuilder()
				.setItemId(line.itemId())
				.setQuantity(line.quantity())
				.setUnitPriceCents(cents(line.unitPrice()))
				.setSellerId(line.sellerId())));
		return proto.build();
	}

	private static long cents(BigDecimal amount) {
		return amount.movePointRight(2).longValueExact();
	}

}
