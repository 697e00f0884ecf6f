package dev.marketplace.product.stock;

import java.util.List;

import dev.marketplace.product.item.ItemMessages;
import dev.marketplace.proto.product.v1.ReservationRequest;
import dev.marketplace.proto.product.v1.ReservationResponse;
import dev.marketplace.proto.product.v1.ReservationState;
import dev.marketplace.proto.product.v1.ReserveStockRequest;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;

@Service
class StockGrpcService extends StockServiceGrpc.StockServiceImplBase {

	private final StockReservations reservations;

	StockGrpcService(StockReservations reservations) {
		this.reservations = reservations;
	}

	@Override
	public void reserveStock(ReserveStockRequest request, StreamObserver<ReservationResponse> responses) {
		reply(responses, this.reservations.reserve(request.getReservationId(), request.getLinesList()
			.stream()
			.map((line) -> new StockReservations.Request(line.getItemId(), line.getQuantity()))
			.toList()));
	}

	@Override
	public void releaseStock(ReservationRequest request, StreamObserver<ReservationResponse> responses) {
		reply(responses, this.reservations.release(request.getReservationId()));
	}

	@Override
	public void confirmStock(ReservationRequest request, StreamObserver<ReservationResponse> responses) {
		reply(responses, this.reservations.confirm(request.getReservationId()));
	}

	@Override
	public void getReservation(ReservationRequest request, StreamObserver<ReservationResponse> responses) {
		reply(responses, this.reservations.get(request.getReservationId()));
	}

	private static void reply(StreamObserver<ReservationResponse> responses, StockReservations.Reservation reservation) {
		responses.onNext(ReservationResponse.newBuilder()
			.setReservationId(reservation.id())
			.setState(ReservationState.valueOf(reservation.state().name()))
			.addAllItems(items(reservation))
			.build());
		responses.onCompleted();
	}

	/** The reserved items with their price as reserved; quantity is the units reserved. */
	private static List<dev.marketplace.proto.product.v1.Item> items(StockReservations.Reservation reservation) {
		return reservation.lines()
			.stream()
			.map((line) -> ItemMessages.toProto(line.item())
				.toBuilder()
				.setQuantity(line.quantity())
				.setPriceCents(line.unitPrice().movePointRight(2).longValueExact())
				.build())
			.toList();
	}

}
