package dev.marketplace.customer.purchase;

import java.math.BigDecimal;
import java.time.Instant;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.customer.v1.BeginCheckoutRequest;
import dev.marketplace.proto.customer.v1.Checkout;
import dev.marketplace.proto.customer.v1.CheckoutRequest;
import dev.marketplace.proto.customer.v1.ClaimStalledCheckoutsRequest;
import dev.marketplace.proto.customer.v1.ClaimStalledCheckoutsResponse;
import dev.marketplace.proto.customer.v1.EndCheckoutRequest;
import dev.marketplace.proto.customer.v1.ListPurchasesRequest;
import dev.marketplace.proto.customer.v1.ListPurchasesResponse;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.RecordFeedbackRequest;
import dev.marketplace.proto.customer.v1.RecordFeedbackResponse;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.customer.v1.RecordPurchaseResponse;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;

@Service
class PurchaseGrpcService extends PurchaseServiceGrpc.PurchaseServiceImplBase {

	private final PurchaseService purchases;

	private final Checkouts checkouts;

	PurchaseGrpcService(PurchaseService purchases, Checkouts checkouts) {
		this.purchases = purchases;
		this.checkouts = checkouts;
	}

	@Override
	public void beginCheckout(BeginCheckoutRequest request, StreamObserver<Checkout> responses) {
		reply(responses, this.checkouts.begin(request.getBuyerId(), request.getIdempotencyKey(),
				request.getRequestFingerprint()));
	}

	@Override
	public void endCheckout(EndCheckoutRequest request, StreamObserver<Checkout> responses) {
		reply(responses, this.checkouts.end(request.getPurchaseId(), state(request.getState()),
				request.getRefusalCode(), request.getRefusalDetail()));
	}

	@Override
	public void releaseCheckout(CheckoutRequest request, StreamObserver<Checkout> responses) {
		reply(responses, this.checkouts.release(request.getPurchaseId()));
	}

	@Override
	public void claimStalledCheckouts(ClaimStalledCheckoutsRequest request,
			StreamObserver<ClaimStalledCheckoutsResponse> responses) {
		ClaimStalledCheckoutsResponse.Builder claimed = ClaimStalledCheckoutsResponse.newBuilder();
		this.checkouts.claimStalled(request.getLimit()).forEach((checkout) -> claimed.addCheckouts(toProto(checkout)));
		responses.onNext(claimed.build());
		responses.onCompleted();
	}

	private void reply(StreamObserver<Checkout> responses, Checkouts.View checkout) {
		responses.onNext(toProto(checkout));
		responses.onCompleted();
	}

	private Checkout toProto(Checkouts.View checkout) {
		Checkout.Builder proto = Checkout.newBuilder()
			.setPurchaseId(checkout.purchaseId())
			.setBuyerId(checkout.buyerId())
			.setState(Checkout.State.valueOf(checkout.state().name()))
			.setClaimed(checkout.claimed())
			.setResumed(checkout.resumed());
		if (checkout.state() == CheckoutState.COMPLETED) {
			this.purchases.find(checkout.purchaseId()).ifPresent((purchase) -> proto.setPurchase(toProto(purchase)));
		}
		if (checkout.refusalCode() != null) {
			proto.setRefusalCode(checkout.refusalCode()).setRefusalDetail(checkout.refusalDetail());
		}
		return proto.build();
	}

	private static CheckoutState state(Checkout.State state) {
		return switch (state) {
			case REFUSED -> CheckoutState.REFUSED;
			case ABANDONED -> CheckoutState.ABANDONED;
			default -> throw MarketplaceException.invalidArgument("a checkout ends REFUSED or ABANDONED");
		};
	}

	@Override
	public void recordPurchase(RecordPurchaseRequest request, StreamObserver<RecordPurchaseResponse> responses) {
		PurchaseRecord recorded = this.purchases.record(fromProto(request.getPurchase()), carts(request));
		responses.onNext(RecordPurchaseResponse.newBuilder().setPurchase(toProto(recorded)).build());
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
