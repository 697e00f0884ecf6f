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
import dev.marketplace.testsupport.TestCertificates;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;

/**
 * Reads and writes purchase data through the database services' own gRPC APIs: counters the REST
 * contract does not show and purchases recorded directly, to test history on its own; and the
 * payment service's count of its operations.
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

	/** How many times the payment service answered an operation with an outcome (VoidPayment, voided). */
	static double paymentOperations(Marketplace marketplace, MarketplaceStack stack, String operation,
			String outcome) {
		RestClient.Response timer = marketplace.rest.get(stack.financialManagementUrl
				+ "/actuator/metrics/marketplace.payments.requests?tag=operation:" + operation + "&tag=outcome:" + outcome,
				null);
		return (timer.status() == 404) ? 0 : timer.body().path("measurements").get(0).path("value").asDouble();
	}

	/** One call over a channel of its own (mutual TLS, as the frontends') to a database service's gRPC port. */
	private static <T> T over(int port, Function<ManagedChannel, T> call) {
		ManagedChannel channel = Grpc
			.newChannelBuilderForAddress("127.0.0.1", port,
					TestCertificates.shared().channelCredentials(TestCertificates.OPERATOR))
			.build();
		try {
			return call.apply(channel);
		}
		finally {
			channel.shutdownNow();
		}
	}

}
