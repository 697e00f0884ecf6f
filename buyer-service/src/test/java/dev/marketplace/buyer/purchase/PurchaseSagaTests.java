package dev.marketplace.buyer.purchase;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;

import dev.marketplace.buyer.purchase.PaymentGateway.Outcome;
import dev.marketplace.buyer.purchase.PurchaseProperties.Recovery;
import dev.marketplace.frontend.InProcessGrpcServer;
import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.CartLine;
import dev.marketplace.proto.customer.v1.CartResponse;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.customer.v1.Checkout;
import dev.marketplace.proto.customer.v1.EndCheckoutRequest;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.customer.v1.RecordPurchaseResponse;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ReservationResponse;
import dev.marketplace.proto.product.v1.ReservationState;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import io.grpc.Status;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Answers;
import org.mockito.ArgumentCaptor;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static dev.marketplace.frontend.GrpcAnswers.fail;
import static dev.marketplace.frontend.GrpcAnswers.reply;
import static dev.marketplace.frontend.GrpcAnswers.replyTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willAnswer;
import static org.mockito.BDDMockito.willThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;

/**
 * The saga's decisions, with its dependencies answering as the tests say: the database services
 * on an in-process gRPC server, where a call no test expected fails UNIMPLEMENTED.
 */
class PurchaseSagaTests {

	static final Caller BUYER = new Caller(4, 40, new BearerToken("t0k3n"));

	static final PurchaseRequest CARD = new PurchaseRequest("Ada Lovelace", "4111111111111111", "12/99", "123");

	static final Item LAMP = Item.newBuilder().setItemId("3-17").setQuantity(2).setPriceCents(1250).setSellerId(7).build();

	final CartServiceGrpc.AsyncService carts = mock(CartServiceGrpc.AsyncService.class, Answers.CALLS_REAL_METHODS);

	final StockServiceGrpc.AsyncService stock = mock(StockServiceGrpc.AsyncService.class, Answers.CALLS_REAL_METHODS);

	final PurchaseServiceGrpc.AsyncService purchases = mock(PurchaseServiceGrpc.AsyncService.class,
			Answers.CALLS_REAL_METHODS);

	final PaymentGateway payments = mock(PaymentGateway.class);

	final InProcessGrpcServer databaseServices = InProcessGrpcServer.serving(CartServiceGrpc.bindService(this.carts),
			StockServiceGrpc.bindService(this.stock), PurchaseServiceGrpc.bindService(this.purchases));

	final PurchaseSaga saga = new PurchaseSaga(CartServiceGrpc.newBlockingStub(this.databaseServices.channel()),
			StockServiceGrpc.newBlockingStub(this.databaseServices.channel()),
			PurchaseServiceGrpc.newBlockingStub(this.databaseServices.channel()), this.payments,
			new PurchaseOutcomes(new SimpleMeterRegistry()),
			new PurchaseProperties("test-key", Duration.ofSeconds(1), new Recovery(Duration.ofSeconds(10), 20)));

	String purchaseId;

	@BeforeEach
	void aCheckoutWithALampInTheCart() {
		this.purchaseId = UUID.randomUUID().toString();
		Checkout running = Checkout.newBuilder()
			.setPurchaseId(this.purchaseId)
			.setBuyerId(BUYER.userId())
			.setState(Checkout.State.RUNNING)
			.setClaimed(true)
			.build();
		willAnswer(reply(running)).given(this.purchases).beginCheckout(any(), any());
		willAnswer(reply(CartResponse.newBuilder()
			.addLines(CartLine.newBuilder().setItemId(LAMP.getItemId()).setQuantity(2))
			.build())).given(this.carts).getCart(any(), any());
		willAnswer(reply(reservation(ReservationState.RESERVED))).given(this.stock).reserveStock(any(), any());
		willAnswer(reply(reservation(ReservationState.RELEASED))).given(this.stock).releaseStock(any(), any());
		willAnswer(replyTo((RecordPurchaseRequest record) -> RecordPurchaseResponse.newBuilder()
			.setPurchase(record.getPurchase())
			.build())).given(this.purchases).recordPurchase(any(), any());
		willAnswer(replyTo((EndCheckoutRequest end) -> running.toBuilder().setState(end.getState()).build()))
			.given(this.purchases)
			.endCheckout(any(), any());
		willAnswer(reply(running.toBuilder().setClaimed(false).build())).given(this.purchases)
			.releaseCheckout(any(), any());
	}

	@AfterEach
	void stopTheDatabaseServices() {
		this.databaseServices.close();
	}

	@Test
	void anApprovedPurchaseIsConfirmedThenCapturedThenRecordedInTheSessionsCart() throws Exception {
		given(this.payments.authorize(eq(this.purchaseId), eq(CARD), any())).willReturn(new Outcome.Approved("A1"));
		willAnswer(reply(reservation(ReservationState.CONFIRMED))).given(this.stock).confirmStock(any(), any());

		assertThat(this.saga.purchase(BUYER, CARD, null)).isInstanceOf(PurchaseOutcome.Bought.class);

		then(this.payments).should().authorize(this.purchaseId, CARD, new BigDecimal("25.00"));
		then(this.payments).should().capture(this.purchaseId);
		assertThat(recorded().getSessionId()).isEqualTo(BUYER.sessionId());
		then(this.payments).should(never()).voidPayment(any());
	}

	@Test
	void anApprovedPaymentWhoseReservationRanOutIsVoidedAndTheCheckoutAbandoned() throws Exception {
		given(this.payments.authorize(any(), any(), any())).willReturn(new Outcome.Approved("A1"));
		willAnswer(fail(Status.FAILED_PRECONDITION.withDescription("released").asException())).given(this.stock)
			.confirmStock(any(), any());

		assertThat(this.saga.purchase(BUYER, CARD, null)).isEqualTo(new PurchaseOutcome.Undone(this.purchaseId));

		then(this.payments).should().voidPayment(this.purchaseId);
		then(this.payments).should(never()).capture(any());
		assertThat(ended().getState()).isEqualTo(Checkout.State.ABANDONED);
		then(this.purchases).should(never()).recordPurchase(any(), any());
	}

	@Test
	void aDeclinedPaymentReleasesTheStockAndIsKeptAsTheRefusal() throws Exception {
		given(this.payments.authorize(any(), any(), any())).willReturn(new Outcome.Declined("no funds"));

		assertThat(refusal(this.saga.purchase(BUYER, CARD, "key-1")).code()).isEqualTo("PAYMENT_DECLINED");

		then(this.stock).should().releaseStock(any(), any());
		assertThat(ended().getState()).isEqualTo(Checkout.State.REFUSED);
		assertThat(ended().getRefusalCode()).isEqualTo("PAYMENT_DECLINED");
		then(this.stock).should(never()).confirmStock(any(), any());
	}

	@Test
	void cardDataThePaymentServiceRefusesReleasesTheStockAndIsKeptAsA400() throws Exception {
		given(this.payments.authorize(any(), any(), any()))
			.willReturn(new Outcome.Rejected("Invalid card data: the card has expired"));

		assertThat(refusal(this.saga.purchase(BUYER, CARD, "key-1")).code()).isEqualTo("VALIDATION_FAILED");

		then(this.stock).should().releaseStock(any(), any());
		assertThat(ended().getState()).isEqualTo(Checkout.State.REFUSED);
		assertThat(ended().getRefusalCode()).isEqualTo("VALIDATION_FAILED");
		assertThat(ended().getRefusalDetail()).isEqualTo("Invalid card data: the card has expired");
		then(this.stock).should(never()).confirmStock(any(), any());
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void aRefusedPurchaseIsLoggedWithItsCodeAndItsReasonEscaped(CapturedOutput output) throws Exception {
		given(this.payments.authorize(any(), any(), any())).willReturn(new Outcome.Declined("no funds\nforged line"));

		this.saga.purchase(BUYER, CARD, null);

		assertThat(output).contains("Purchase " + this.purchaseId
				+ " refused: PAYMENT_DECLINED (The payment was declined: no funds\\nforged line)");
	}

	@Test
	void aResumedPurchaseRefusedForShortStockVoidsWhatItsEarlierRunMayHaveAuthorised() throws Exception {
		aResumedCheckoutWithItsStockReleased();
		theStockIsShort();

		assertThat(refusal(this.saga.purchase(BUYER, CARD, "key-1")).code()).isEqualTo("INSUFFICIENT_QUANTITY");

		then(this.payments).should().voidPayment(this.purchaseId);
		assertThat(ended().getState()).isEqualTo(Checkout.State.REFUSED);
	}

	@Test
	void aResumedPurchaseWhosePaymentCannotBeVoidedNowStaysRunningForTheRecovery() throws Exception {
		aResumedCheckoutWithItsStockReleased();
		theStockIsShort();
		willThrow(new IllegalStateException("payment service down")).given(this.payments).voidPayment(any());

		assertThatIllegalStateException().isThrownBy(() -> this.saga.purchase(BUYER, CARD, "key-1"));

		then(this.purchases).should(never()).endCheckout(any(), any());
		then(this.purchases).should().releaseCheckout(any(), any());
	}

	@Test
	void aFreshPurchaseRefusedForShortStockHasNoPaymentToVoid() throws Exception {
		theStockIsShort();

		assertThat(refusal(this.saga.purchase(BUYER, CARD, "key-1")).code()).isEqualTo("INSUFFICIENT_QUANTITY");

		then(this.payments).shouldHaveNoInteractions();
	}

	@Test
	void aStalledCheckoutWhoseStockWasSoldIsCapturedAndRecordedInEveryCartOfTheBuyer() {
		willAnswer(reply(reservation(ReservationState.CONFIRMED))).given(this.stock).getReservation(any(), any());

		this.saga.recover(stalled());

		then(this.payments).should().capture(this.purchaseId);
		assertThat(recorded().getEveryCartOfBuyer()).isTrue();
		assertThat(recorded().getPurchase().getTotalCents()).isEqualTo(2500);
		then(this.payments).should(never()).voidPayment(any());
	}

	@Test
	void aStalledCheckoutStillHoldingItsStockIsReleasedThenVoided() {
		willAnswer(reply(reservation(ReservationState.RESERVED))).given(this.stock).getReservation(any(), any());

		this.saga.recover(stalled());

		then(this.payments).should().voidPayment(this.purchaseId);
		assertThat(ended().getState()).isEqualTo(Checkout.State.ABANDONED);
		then(this.payments).should(never()).capture(any());
	}

	@Test
	void aStalledCheckoutWhoseStockWasSoldWhileItWasBeingReleasedIsCompletedNotUndone() {
		willAnswer(reply(reservation(ReservationState.RESERVED))).given(this.stock).getReservation(any(), any());
		willAnswer(reply(reservation(ReservationState.CONFIRMED))).given(this.stock).releaseStock(any(), any());

		this.saga.recover(stalled());

		then(this.payments).should().capture(this.purchaseId);
		then(this.payments).should(never()).voidPayment(any());
		assertThat(recorded().getPurchase().getPurchaseId()).isEqualTo(this.purchaseId);
	}

	@Test
	void aStalledCheckoutThatNeverReservedIsVoidedSoALateAuthorisationIsDeclined() {
		willAnswer(fail(Status.NOT_FOUND.asException())).given(this.stock).getReservation(any(), any());

		this.saga.recover(stalled());

		then(this.payments).should().voidPayment(this.purchaseId);
		assertThat(ended().getState()).isEqualTo(Checkout.State.ABANDONED);
	}

	/** The key's earlier run stopped after its stock went back: this request takes it over. */
	void aResumedCheckoutWithItsStockReleased() {
		willAnswer(reply(stalled())).given(this.purchases).beginCheckout(any(), any());
		willAnswer(reply(reservation(ReservationState.RELEASED))).given(this.stock).getReservation(any(), any());
	}

	void theStockIsShort() {
		willAnswer(fail(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY)).given(this.stock)
			.reserveStock(any(), any());
	}

	static Refusal refusal(PurchaseOutcome outcome) {
		assertThat(outcome).isInstanceOf(PurchaseOutcome.Refused.class);
		return ((PurchaseOutcome.Refused) outcome).refusal();
	}

	Checkout stalled() {
		return Checkout.newBuilder()
			.setPurchaseId(this.purchaseId)
			.setBuyerId(BUYER.userId())
			.setState(Checkout.State.RUNNING)
			.setClaimed(true)
			.setResumed(true)
			.build();
	}

	ReservationResponse reservation(ReservationState state) {
		return ReservationResponse.newBuilder().setReservationId(this.purchaseId).setState(state).addItems(LAMP).build();
	}

	RecordPurchaseRequest recorded() {
		ArgumentCaptor<RecordPurchaseRequest> record = ArgumentCaptor.forClass(RecordPurchaseRequest.class);
		then(this.purchases).should().recordPurchase(record.capture(), any());
		return record.getValue();
	}

	EndCheckoutRequest ended() {
		ArgumentCaptor<EndCheckoutRequest> end = ArgumentCaptor.forClass(EndCheckoutRequest.class);
		then(this.purchases).should().endCheckout(end.capture(), any());
		return end.getValue();
	}

}
