package dev.marketplace.product.stock;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.marketplace.product.ProductDbIntegrationTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ReservationRequest;
import dev.marketplace.proto.product.v1.ReservationResponse;
import dev.marketplace.proto.product.v1.ReservationState;
import dev.marketplace.proto.product.v1.ReserveStockRequest;
import dev.marketplace.proto.product.v1.StockLine;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StockReservationGrpcIntegrationTests extends ProductDbIntegrationTest {

	StockServiceGrpc.StockServiceBlockingStub stock;

	@BeforeEach
	void stockStub() {
		this.stock = StockServiceGrpc.newBlockingStub(this.channel);
	}

	@Test
	void reservingTakesTheUnitsAndReportsPricesAndSellers() {
		Item lamp = register(lamp().setQuantity(5).setPriceCents(1250).setSellerId(7).build());

		ReservationResponse reservation = reserve(UUID.randomUUID().toString(), line(lamp, 2));

		assertThat(reservation.getState()).isEqualTo(ReservationState.RESERVED);
		assertThat(reservation.getItems(0).getQuantity()).isEqualTo(2);
		assertThat(reservation.getItems(0).getPriceCents()).isEqualTo(1250);
		assertThat(reservation.getItems(0).getSellerId()).isEqualTo(7);
		assertThat(quantity(lamp)).isEqualTo(3);
	}

	@Test
	void aShortLineReservesNothingAtAll() {
		Item plenty = register(lamp().setQuantity(5).build());
		Item scarce = register(lamp().setQuantity(1).build());

		assertFailsWith(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
				() -> reserve(UUID.randomUUID().toString(), line(plenty, 2), line(scarce, 2)));

		assertThat(quantity(plenty)).isEqualTo(5);
		assertThat(quantity(scarce)).isEqualTo(1);
	}

	@Test
	void reservingTwiceWithTheSameIdTakesTheUnitsOnce() {
		Item lamp = register(lamp().setQuantity(5).build());
		String id = UUID.randomUUID().toString();

		reserve(id, line(lamp, 2));
		reserve(id, line(lamp, 2));

		assertThat(quantity(lamp)).isEqualTo(3);
	}

	@Test
	void releasingPutsTheUnitsBackOnce() {
		Item lamp = register(lamp().setQuantity(5).build());
		String id = UUID.randomUUID().toString();
		reserve(id, line(lamp, 2));

		release(id);
		ReservationResponse again = release(id);

		assertThat(again.getState()).isEqualTo(ReservationState.RELEASED);
		assertThat(quantity(lamp)).isEqualTo(5);
	}

	@Test
	void aConfirmedReservationIsNotReleased() {
		Item lamp = register(lamp().setQuantity(5).build());
		String id = UUID.randomUUID().toString();
		reserve(id, line(lamp, 2));

		assertThat(confirm(id).getState()).isEqualTo(ReservationState.CONFIRMED);
		release(id);

		assertThat(quantity(lamp)).isEqualTo(3);
	}

	@Test
	void aReleasedReservationCannotBeConfirmed() {
		Item lamp = register(lamp().setQuantity(5).build());
		String id = UUID.randomUUID().toString();
		reserve(id, line(lamp, 1));
		release(id);

		assertFailsWith(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY, () -> confirm(id));
	}

	@Test
	void confirmingTwiceLeavesItConfirmedAndTakesTheUnitsOnce() {
		Item lamp = register(lamp().setQuantity(5).build());
		String id = UUID.randomUUID().toString();
		reserve(id, line(lamp, 1));
		confirm(id);

		assertThat(confirm(id).getState()).isEqualTo(ReservationState.CONFIRMED);
		assertThat(quantity(lamp)).isEqualTo(4);
	}

	@Test
	void fiftyBuyersRacingForTenUnitsGetExactlyTen() throws Exception {
		Item lamp = register(lamp().setQuantity(10).build());
		int reserved = 0;
		ExecutorService pool = Executors.newFixedThreadPool(16);
		try {
			List<Future<Boolean>> attempts = new ArrayList<>();
			for (int i = 0; i < 50; i++) {
				attempts.add(pool.submit(() -> {
					try {
						reserve(UUID.randomUUID().toString(), line(lamp, 1));
						return true;
					}
					catch (StatusRuntimeException ex) {
						assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
						return false;
					}
				}));
			}
			for (Future<Boolean> attempt : attempts) {
				reserved += attempt.get() ? 1 : 0;
			}
		}
		finally {
			pool.shutdownNow();
		}

		assertThat(reserved).isEqualTo(10);
		assertThat(quantity(lamp)).isZero();
	}

	ReservationResponse reserve(String id, StockLine... lines) {
		return this.stock.reserveStock(
				ReserveStockRequest.newBuilder().setReservationId(id).addAllLines(List.of(lines)).build());
	}

	ReservationResponse release(String id) {
		return this.stock.releaseStock(ReservationRequest.newBuilder().setReservationId(id).build());
	}

	ReservationResponse confirm(String id) {
		return this.stock.confirmStock(ReservationRequest.newBuilder().setReservationId(id).build());
	}

	int quantity(Item item) {
		return this.items.getItem(GetItemRequest.newBuilder().setItemId(item.getItemId()).build()).getItem().getQuantity();
	}

	static StockLine line(Item item, int quantity) {
		return StockLine.newBuilder().setItemId(item.getItemId()).setQuantity(quantity).build();
	}

}
