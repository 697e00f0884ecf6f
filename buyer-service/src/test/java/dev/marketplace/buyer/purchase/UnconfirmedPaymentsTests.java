package dev.marketplace.buyer.purchase;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

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
 * Against a product database stand-in over a real HTTP/2 connection on localhost, whose
 * ConfirmStock answers each reservation with the statuses queued for it, then OK.
 */
class UnconfirmedPaymentsTests {

	private final Map<String, Deque<Status.Code>> answers = new ConcurrentHashMap<>();

	private final List<String> confirmCalls = new ArrayList<>();

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
			.build()
			.start();
		this.channel = ManagedChannelBuilder.forAddress("127.0.0.1", this.server.getPort()).usePlaintext().build();
		this.unconfirmed = new UnconfirmedPayments(StockServiceGrpc.newBlockingStub(this.channel), this.meters);
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		this.server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aPaidPurchaseIsConfirmedOnceTheProductDatabaseAnswersAndThenLeftAlone() {
		answer("paid", Status.Code.UNAVAILABLE);
		this.unconfirmed.add("paid");

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
		this.unconfirmed.add("released");

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
		this.unconfirmed.add("first");
		this.unconfirmed.add("second");

		this.unconfirmed.confirmWaiting();

		assertThat(this.confirmCalls).hasSize(1);
	}

	private void answer(String purchaseId, Status.Code... codes) {
		this.answers.put(purchaseId, new ArrayDeque<>(List.of(codes)));
	}

	private double counter(String name) {
		return this.meters.get(name).counter().count();
	}

}
