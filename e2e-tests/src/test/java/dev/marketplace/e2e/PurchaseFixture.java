package dev.marketplace.e2e;

import java.util.UUID;

import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;

/**
 * Reads and writes purchase data through the customer database's own gRPC API: counters the REST
 * contract does not show, and purchases recorded directly, to test history on its own.
 */
final class PurchaseFixture {

	private PurchaseFixture() {
	}

	/** The units of a seller's items bought so far, as the customer database counts them. */
	static long itemsSold(MarketplaceStack stack, String sellerToken) {
		ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", stack.customerDbGrpcPort)
			.usePlaintext()
			.build();
		try {
			return SellerServiceGrpc.newBlockingStub(channel)
				.getSellerRating(GetSellerRatingRequest.newBuilder()
					.setOwn(true)
					.setSession(SessionCredentials.newBuilder().setRole(Role.SELLER).setSessionToken(sellerToken))
					.build())
				.getItemsSold();
		}
		finally {
			channel.shutdownNow();
		}
	}

	static String recordPurchase(MarketplaceStack stack, long buyerId, String itemId, int quantity,
			long unitPriceCents, long sellerId, long epochMillis) {
		ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", stack.customerDbGrpcPort)
			.usePlaintext()
			.build();
		try {
			String id = UUID.randomUUID().toString();
			PurchaseServiceGrpc.newBlockingStub(channel)
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
					.build());
			return id;
		}
		finally {
			channel.shutdownNow();
		}
	}

}
