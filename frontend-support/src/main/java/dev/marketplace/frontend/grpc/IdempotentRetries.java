package dev.marketplace.frontend.grpc;

import java.util.List;
import java.util.Map;

import org.springframework.boot.grpc.client.autoconfigure.GrpcClientDefaultServiceConfigCustomizer;

/**
 * Retries, with exponential backoff, the calls that are safe to repeat when a database service
 * answers UNAVAILABLE (a restart, a deadlock victim, a refused connection). Reads are safe; so
 * are the writes made idempotent by an ID (stock reservations, purchase records, votes). Calls
 * that would apply twice (CreateAccount, Login, AddToCart, RemoveUnits, ...) are never retried.
 */
final class IdempotentRetries {

	private static final Map<String, List<String>> IDEMPOTENT_METHODS = Map.of(
			"marketplace.customer.v1.SessionService", List.of("Authenticate"),
			"marketplace.customer.v1.SellerService", List.of("GetSellerRating"),
			"marketplace.customer.v1.CartService", List.of("GetCart", "ClearCart", "SaveCart"),
			"marketplace.customer.v1.PurchaseService",
			List.of("EndCheckout", "ReleaseCheckout", "RecordPurchase", "ListPurchases", "RecordFeedback"),
			"marketplace.product.v1.ItemService",
			List.of("GetItem", "GetItems", "ChangePrice", "ListSellerItems", "SearchItems", "AddItemFeedback"),
			"marketplace.product.v1.StockService",
			List.of("ReserveStock", "ReleaseStock", "ConfirmStock", "GetReservation"));

	private IdempotentRetries() {
	}

	static GrpcClientDefaultServiceConfigCustomizer customizer(int maxAttempts) {
		return (target, serviceConfig) -> serviceConfig.putAll(serviceConfig(maxAttempts));
	}

	/** A gRPC service config (the JSON form, as maps) with one retry policy for those methods. */
	static Map<String, Object> serviceConfig(int maxAttempts) {
		List<Map<String, Object>> names = IDEMPOTENT_METHODS.entrySet()
			.stream()
			.flatMap((service) -> service.getValue()
				.stream()
				.map((method) -> Map.<String, Object>of("service", service.getKey(), "method", method)))
			.toList();
		Map<String, Object> retryPolicy = Map.of("maxAttempts", (double) maxAttempts, "initialBackoff", "0.05s",
				"maxBackoff", "0.5s", "backoffMultiplier", 2.0, "retryableStatusCodes", List.of("UNAVAILABLE"));
		return Map.of("methodConfig", List.of(Map.of("name", names, "retryPolicy", retryPolicy)));
	}

}
