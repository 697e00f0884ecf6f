package dev.marketplace.product.catalog;

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

	private static void reply(StreamObserver<ReservationResponse> responses, StockReservations.Reservation reservation) {
		ReservationResponse.Builder response = ReservationResponse.newBuilder()
			.setReservationId(reservation.id())
			.setState(ReservationState.valueOf(reservation.state().name()));
		reservation.lines()
			.forEach((line) -> response.addItems(ItemGrpcService.toProto(line.item())
				.toBuilder()
				.setQuantity(line.quantity())
				.setPriceCents(line.unitPrice().movePointRight(2).longValueExact())));
		responses.onNext(response.build());
		responses.onCompleted();
	}

}
