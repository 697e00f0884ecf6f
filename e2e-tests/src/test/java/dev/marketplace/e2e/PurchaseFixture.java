package dev.marketplace.e2e;

import java.util.UUID;

import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;

/**
 * Records purchases through the customer database's own gRPC API, as MakePurchase will once it
 * exists, so feedback and history can be tested end to end before then.
 */
final class PurchaseFixture {

	private PurchaseFixture() {
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
