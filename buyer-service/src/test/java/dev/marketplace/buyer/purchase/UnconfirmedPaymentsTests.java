package dev.marketplace.buyer.purchase;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import dev.marketplace.proto.customer.v1.ForgetUnconfirmedPaymentsRequest;
import dev.marketplace.proto.customer.v1.ForgetUnconfirmedPaymentsResponse;
import dev.marketplace.proto.customer.v1.KeepUnconfirmedPaymentResponse;
import dev.marketplace.proto.customer.v1.ListUnconfirmedPaymentsRequest;
import dev.marketplace.proto.customer.v1.ListUnconfirmedPaymentsResponse;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.UnconfirmedPayment;
import dev.marketplace.proto.product.v1.ReservationRequest;
import dev.marketplace.proto.product.v1.ReservationResponse;
import dev.marketplace.proto.product.v1.ReservationState;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Against stand-ins of the product and customer databases over a real HTTP/2 connection on
 * localhost: ConfirmStock answers each reservation with the statuses queued for it, then OK; the
 * customer database keeps unconfirmed payments in a map, or answers UNAVAILABLE while it is down.
 */
class UnconfirmedPaymentsTests {

	private static final long BUYER = 7;

	private final Map<String, Deque<Status.Code>> answers = new ConcurrentHashMap<>();

	private final List<String> confirmCalls = new ArrayList<>();

	private final Map<String, Long> keptInCustomerDatabase = new ConcurrentHashMap<>();

	private volatile boolean customerDatabaseDown;

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private Server server;

	private ManagedChannel channel;

	private UnconfirmedPayments unconfirmed;

	@BeforeEach
	void start() throws IOException {
		this.server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
			.addService(new StockServiceGrpc.StockServiceImplBase() {

				@Override
				public void confirmStock(ReservationRequest request, StreamObserver<ReservationResponse> answer) {
					String id = request.getReservationId();
					synchronized (UnconfirmedPaymentsTests.this.confirmCalls) {
						UnconfirmedPaymentsTests.this.confirmCalls.add(id);
					}
					Status.Code code = UnconfirmedPaymentsTests.this.answers.getOrDefault(id, new ArrayDeque<>()).poll();
					if (code != null) {
						answer.onError(code.toStatus().asRuntimeException());
						return;
					}
					answer.onNext(ReservationResponse.newBuilder()
						.setReservationId(id)
						.setState(ReservationState.CONFIRMED)
						.build());
					answer.onCompleted();
				}

			})
			.addService(new PurchaseServiceGrpc.PurchaseServiceImplBase() {

				@Override
				public void keepUnconfirmedPayment(UnconfirmedPayment request,
						StreamObserver<KeepUnconfirmedPaymentResponse> answer) {
					if (down(answer)) {
						return;
					}
					UnconfirmedPaymentsTests.this.keptInCustomerDatabase.putIfAbsent(request.getPurchaseId(),
							request.getBuyerId());
					answer.onNext(KeepUnconfirmedPaymentResponse.getDefaultInstance());
					answer.onCompleted();
				}

				@Override
				public void listUnconfirmedPayments(ListUnconfirmedPaymentsRequest request,
						StreamObserver<ListUnconfirmedPaymentsResponse> answer) {
					if (down(answer)) {
						return;
					}
					ListUnconfirmedPaymentsResponse.Builder list = ListUnconfirmedPaymentsResponse.newBuilder();
					UnconfirmedPaymentsTests.this.keptInCustomerDatabase.forEach((id, buyer) -> list
						.addPayments(UnconfirmedPayment.newBuilder().setPurchaseId(id).setBuyerId(buyer)));
					answer.onNext(list.build());
					answer.onCompleted();
				}

				@Override
				public void forgetUnconfirmedPayments(ForgetUnconfirmedPaymentsRequest request,
						StreamObserver<ForgetUnconfirmedPaymentsResponse> answer) {
					if (down(answer)) {
						return;
					}
					request.getPurchaseIdsList().forEach(UnconfirmedPaymentsTests.this.keptInCustomerDatabase::remove);
					answer.onNext(ForgetUnconfirmedPaymentsResponse.getDefaultInstance());
					answer.onCompleted();
				}

				private boolean down(StreamObserver<?> answer) {
					if (UnconfirmedPaymentsTests.this.customerDatabaseDown) {
						answer.onError(Status.UNAVAILABLE.asRuntimeException());
					}
					return UnconfirmedPaymentsTests.this.customerDatabaseDown;
				}

			})
			.build()
			.start();
		this.channel = ManagedChannelBuilder.forAddress("127.0.0.1", this.server.getPort()).usePlaintext().build();
		this.unconfirmed = new UnconfirmedPayments(StockServiceGrpc.newBlockingStub(this.channel),
				PurchaseServiceGrpc.newBlockingStub(this.channel), this.meters);
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		this.server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aPaidPurchaseIsConfirmedOnceTheProductDatabaseAnswersAndThenLeftAlone() {
		answer("paid", Status.Code.UNAVAILABLE);
		this.unconfirmed.add("paid", BUYER);

		this.unconfirmed.confirmWaiting();
		assertThat(counter("marketplace.purchases.confirmed.late")).isZero();
		this.unconfirmed.confirmWaiting();
		this.unconfirmed.confirmWaiting();

		assertThat(this.confirmCalls).containsExactly("paid", "paid");
		assertThat(counter("marketplace.purchases.confirmed.late")).isEqualTo(1);
	}

	@Test
	void aReservationReleasedBeforeItCouldBeConfirmedIsCountedAsAPaymentWithoutGoodsAndDropped() {
		answer("released", Status.Code.FAILED_PRECONDITION);
		this.unconfirmed.add("released", BUYER);

		this.unconfirmed.confirmWaiting();
		this.unconfirmed.confirmWaiting();

		assertThat(this.confirmCalls).containsExactly("released");
		assertThat(counter("marketplace.purchases.paid.unconfirmed")).isEqualTo(1);
		assertThat(counter("marketplace.purchases.confirmed.late")).isZero();
	}

	@Test
	void aRoundStopsAtTheFirstPurchaseTheProductDatabaseCannotConfirm() {
		answer("first", Status.Code.UNAVAILABLE);
		answer("second", Status.Code.UNAVAILABLE);
		this.unconfirmed.add("first", BUYER);
		this.unconfirmed.add("second", BUYER);

		this.unconfirmed.confirmWaiting();

		assertThat(this.confirmCalls).hasSize(1);
	}

	@Test
	void aPaidPurchaseWaitsInTheCustomerDatabaseUntilItsStockIsConfirmed() {
		answer("paid", Status.Code.UNAVAILABLE);
		this.unconfirmed.add("paid", BUYER);

		this.unconfirmed.confirmWaiting();
		assertThat(this.keptInCustomerDatabase).containsExactly(Map.entry("paid", BUYER));
		this.unconfirmed.confirmWaiting();

		assertThat(this.keptInCustomerDatabase).isEmpty();
	}

	@Test
	void aPaidPurchaseKeptByABuyerServiceThatStoppedIsConfirmedAndForgotten() {
		this.keptInCustomerDatabase.put("kept-by-another", BUYER);

		this.unconfirmed.confirmWaiting();
		this.unconfirmed.confirmWaiting();

		assertThat(this.confirmCalls).containsExactly("kept-by-another");
		assertThat(this.keptInCustomerDatabase).isEmpty();
		assertThat(counter("marketplace.purchases.confirmed.late")).isEqualTo(1);
	}

	@Test
	void aPaidPurchaseIsConfirmedFromMemoryWhileTheCustomerDatabaseIsDownToo() {
		this.customerDatabaseDown = true;
		this.unconfirmed.add("paid", BUYER);

		this.unconfirmed.confirmWaiting();
		this.unconfirmed.confirmWaiting();

		assertThat(this.confirmCalls).containsExactly("paid");
		assertThat(counter("marketplace.purchases.confirmed.late")).isEqualTo(1);
	}

	@Test
	void aPurchaseConfirmedWhileTheCustomerDatabaseWasDownIsConfirmedAgainAndForgottenOnceItIsBack() {
		this.unconfirmed.add("paid", BUYER);
		this.customerDatabaseDown = true;
		this.unconfirmed.confirmWaiting();
		this.customerDatabaseDown = false;

		this.unconfirmed.confirmWaiting();
		this.unconfirmed.confirmWaiting();

		assertThat(this.confirmCalls).containsExactly("paid", "paid");
		assertThat(this.keptInCustomerDatabase).isEmpty();
	}

	private void answer(String purchaseId, Status.Code... codes) {
		this.answers.put(purchaseId, new ArrayDeque<>(List.of(codes)));
	}

	private double counter(String name) {
		return this.meters.get(name).counter().count();
	}

}
