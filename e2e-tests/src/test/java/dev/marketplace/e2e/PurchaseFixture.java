package dev.marketplace.e2e;

import java.util.UUID;
import java.util.function.Function;

import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionCredentials;
import dev.marketplace.proto.product.v1.ReservationRequest;
import dev.marketplace.proto.product.v1.ReservationState;
import dev.marketplace.proto.product.v1.ReserveStockRequest;
import dev.marketplace.proto.product.v1.StockLine;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import dev.marketplace.testsupport.TestCertificates;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;

/**
 * Reads and writes purchase data through the database services' own gRPC APIs: counters the REST
 * contract does not show, purchases recorded directly, to test history on its own, and purchases
 * paid for and sold but never recorded, as a customer database down at the wrong moment leaves them.
 */
final class PurchaseFixture {

	private PurchaseFixture() {
	}

	/** The units of a seller's items bought so far, as the customer database counts them. */
	static long itemsSold(MarketplaceStack stack, String sellerToken) {
		return over(stack.customerDbGrpcPort, (channel) -> SellerServiceGrpc.newBlockingStub(channel)
			.getSellerRating(GetSellerRatingRequest.newBuilder()
				.setOwn(true)
				.setSession(SessionCredentials.newBuilder().setRole(Role.SELLER).setSessionToken(sellerToken))
				.build())
			.getItemsSold());
	}

	static String recordPurchase(MarketplaceStack stack, long buyerId, String itemId, int quantity,
			long unitPriceCents, long sellerId, long epochMillis) {
		String id = UUID.randomUUID().toString();
		over(stack.customerDbGrpcPort, (channel) -> PurchaseServiceGrpc.newBlockingStub(channel)
			.recordPurchase(RecordPurchaseRequest.newBuilder()
				.setPurchase(Purchase.newBuilder()
					.setPurchaseId(id)
					.setBuyerId(buyerId)
					.setPurchasedAtEpochMillis(epochMillis)
					.setTotalCents(quantity * unitPriceCents)
					.addLines(PurchaseLine.newBuilder()
						.setItemId(itemId)
						.setQuantity(quantity)
						.setUnitPriceCents(unitPriceCents)
						.setSellerId(sellerId)))
				.build()));
		return id;
	}

	/**
	 * Reserves and confirms an item's units for a buyer in the product database, as MakePurchase
	 * does once the payment is approved, and records nothing: the state a purchase is left in when
	 * the customer database cannot be reached to record it.
	 * @return the purchase ID
	 */
	static String paidButUnrecorded(MarketplaceStack stack, long buyerId, String itemId, int quantity) {
		String id = UUID.randomUUID().toString();
		over(stack.productDbGrpcPort, (channel) -> {
			StockServiceGrpc.StockServiceBlockingStub stock = StockServiceGrpc.newBlockingStub(channel);
			stock.reserveStock(ReserveStockRequest.newBuilder()
				.setReservationId(id)
				.setBuyerId(buyerId)
				.addLines(StockLine.newBuilder().setItemId(itemId).setQuantity(quantity))
				.build());
			return stock.confirmStock(ReservationRequest.newBuilder().setReservationId(id).build());
		});
		return id;
	}

	/** A purchase's reservation state. */
	static ReservationState reservationState(MarketplaceStack stack, String purchaseId) {
		return over(stack.productDbGrpcPort, (channel) -> StockServiceGrpc.newBlockingStub(channel)
			.getReservation(ReservationRequest.newBuilder().setReservationId(purchaseId).build())
			.getState());
	}

	/** One call over a channel of its own (mutual TLS, as the frontends') to a database service's gRPC port. */
	private static <T> T over(int port, Function<ManagedChannel, T> call) {
		ManagedChannel channel = Grpc
			.newChannelBuilderForAddress("127.0.0.1", port,
					TestCertificates.shared().channelCredentials(TestCertificates.TEST_CLIENT))
			.build();
		try {
			return call.apply(channel);
		}
		finally {
			channel.shutdownNow();
		}
	}

}
