package dev.marketplace.product.stock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.marketplace.product.ProductDbIntegrationTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ListUnrecordedPurchasesRequest;
import dev.marketplace.proto.product.v1.MarkPurchasesRecordedRequest;
import dev.marketplace.proto.product.v1.ReservationRequest;
import dev.marketplace.proto.product.v1.ReservationResponse;
import dev.marketplace.proto.product.v1.ReservationState;
import dev.marketplace.proto.product.v1.ReserveStockRequest;
import dev.marketplace.proto.product.v1.StockLine;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import dev.marketplace.proto.product.v1.UnrecordedPurchase;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class StockReservationGrpcIntegrationTests extends ProductDbIntegrationTest {

	static final long BUYER = 42;

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
	void aConfirmedPurchaseIsListedUnrecordedWithItsBuyerAndLinesUntilMarkedRecorded() {
		Item lamp = register(lamp().setQuantity(5).setPriceCents(1250).setSellerId(7).build());
		String id = paid(BUYER, lamp, 2);

		UnrecordedPurchase purchase = unrecorded(Duration.ZERO).get(id);
		assertThat(purchase.getBuyerId()).isEqualTo(BUYER);
		assertThat(purchase.getConfirmedAtEpochMillis()).isPositive();
		assertThat(purchase.getItemsList()).singleElement().satisfies((item) -> {
			assertThat(item.getItemId()).isEqualTo(lamp.getItemId());
			assertThat(item.getQuantity()).isEqualTo(2);
			assertThat(item.getPriceCents()).isEqualTo(1250);
			assertThat(item.getSellerId()).isEqualTo(7);
		});

		assertThat(markRecorded(id)).isEqualTo(1);
		assertThat(unrecorded(Duration.ZERO)).doesNotContainKey(id);
		assertThat(markRecorded(id)).as("marked again").isZero();
	}

	@Test
	void unrecordedPurchasesListedTogetherEachComeWithTheirOwnLines() {
		Item lamp = register(lamp().setQuantity(5).setPriceCents(1250).build());
		Item desk = register(lamp().setQuantity(5).setPriceCents(9900).build());
		String both = UUID.randomUUID().toString();
		reserveFor(BUYER, both, line(lamp, 1), line(desk, 2));
		confirm(both);
		String deskOnly = paid(BUYER + 1, desk, 3);

		Map<String, UnrecordedPurchase> unrecorded = unrecorded(Duration.ZERO);

		assertThat(unrecorded.get(both).getItemsList()).extracting(Item::getItemId, Item::getQuantity)
			.containsExactlyInAnyOrder(tuple(lamp.getItemId(), 1), tuple(desk.getItemId(), 2));
		assertThat(unrecorded.get(deskOnly).getBuyerId()).isEqualTo(BUYER + 1);
		assertThat(unrecorded.get(deskOnly).getItemsList()).extracting(Item::getItemId, Item::getQuantity)
			.containsExactly(tuple(desk.getItemId(), 3));
	}

	@Test
	void confirmingARecordedPurchaseAgainLeavesItRecorded() {
		Item lamp = register(lamp().setQuantity(5).build());
		String id = paid(BUYER, lamp, 1);
		markRecorded(id);

		assertThat(confirm(id).getState()).isEqualTo(ReservationState.RECORDED);
		assertThat(unrecorded(Duration.ZERO)).doesNotContainKey(id);
		assertThat(quantity(lamp)).isEqualTo(4);
	}

	@Test
	void aPurchaseConfirmedMoreRecentlyThanTheMinimumAgeIsNotListedYet() {
		Item lamp = register(lamp().setQuantity(5).build());
		String id = paid(BUYER, lamp, 1);

		assertThat(unrecorded(Duration.ofHours(1))).doesNotContainKey(id);
		assertThat(unrecorded(Duration.ZERO)).containsKey(id);
		markRecorded(id);
	}

	@Test
	void heldReleasedAndBuyerlessReservationsAreNotUnrecordedPurchases() {
		Item lamp = register(lamp().setQuantity(5).build());
		String held = UUID.randomUUID().toString();
		reserveFor(BUYER, held, line(lamp, 1));
		String released = UUID.randomUUID().toString();
		reserveFor(BUYER, released, line(lamp, 1));
		release(released);
		String buyerless = UUID.randomUUID().toString();
		reserve(buyerless, line(lamp, 1));
		confirm(buyerless);

		assertThat(unrecorded(Duration.ZERO)).doesNotContainKeys(held, released, buyerless);
		assertThat(markRecorded(held, released)).isZero();
	}

	@Test
	void listingMoreThanAHundredUnrecordedPurchasesAtOnceIsInvalidArgument() {
		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED,
				() -> this.stock.listUnrecordedPurchases(
						ListUnrecordedPurchasesRequest.newBuilder().setMinAgeMillis(0).setLimit(101).build()));
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

	/** A reservation for no particular buyer. */
	ReservationResponse reserve(String id, StockLine... lines) {
		return reserveFor(0, id, lines);
	}

	/** A reservation for a buyer, confirmed: a paid purchase. */
	String paid(long buyerId, Item item, int quantity) {
		String id = UUID.randomUUID().toString();
		reserveFor(buyerId, id, line(item, quantity));
		confirm(id);
		return id;
	}

	ReservationResponse reserveFor(long buyerId, String id, StockLine... lines) {
		return this.stock.reserveStock(ReserveStockRequest.newBuilder()
			.setReservationId(id)
			.setBuyerId(buyerId)
			.addAllLines(List.of(lines))
			.build());
	}

	/** Unrecorded purchases by reservation ID. */
	Map<String, UnrecordedPurchase> unrecorded(Duration minAge) {
		return this.stock
			.listUnrecordedPurchases(
					ListUnrecordedPurchasesRequest.newBuilder().setMinAgeMillis(minAge.toMillis()).setLimit(100).build())
			.getPurchasesList()
			.stream()
			.collect(Collectors.toMap(UnrecordedPurchase::getReservationId, Function.identity()));
	}

	int markRecorded(String... ids) {
		return this.stock
			.markPurchasesRecorded(MarkPurchasesRecordedRequest.newBuilder().addAllReservationIds(List.of(ids)).build())
			.getMarked();
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
