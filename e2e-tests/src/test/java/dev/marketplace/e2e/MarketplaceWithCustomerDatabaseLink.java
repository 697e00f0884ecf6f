package dev.marketplace.e2e;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import dev.marketplace.testsupport.DatabaseLink;

import static dev.marketplace.e2e.Marketplace.card;
import static org.awaitility.Awaitility.await;

/**
 * A marketplace whose customer database service reaches its database through a
 * {@link DatabaseLink}, for tests that cut it in the middle of a purchase.
 */
final class MarketplaceWithCustomerDatabaseLink implements AutoCloseable {

	final DatabaseLink customerDatabase;

	final MarketplaceStack stack;

	final Marketplace marketplace;

	private MarketplaceWithCustomerDatabaseLink(DatabaseLink customerDatabase, MarketplaceStack stack) {
		this.customerDatabase = customerDatabase;
		this.stack = stack;
		this.marketplace = new Marketplace(stack);
	}

	/** As {@link MarketplaceStack#start(String, Map)}, with the link mended. */
	static MarketplaceWithCustomerDatabaseLink start(String name, Map<String, String> settings) throws Exception {
		DatabaseLink customerDatabase = new DatabaseLink();
		try {
			customerDatabase.mend();
			MarketplaceStack stack = MarketplaceStack.start(name, settings,
					(url) -> url.contains("customer") ? customerDatabase.route(url) : url);
			return new MarketplaceWithCustomerDatabaseLink(customerDatabase, stack);
		}
		catch (Exception ex) {
			customerDatabase.close();
			throw ex;
		}
	}

	/**
	 * Purchases the cart with the payment service frozen; once the stock is reserved (the item's
	 * quantity falls to {@code reservedQuantity}), cuts the customer database's link and lets the
	 * payment through: the stock is confirmed and the payment captured, then recording fails.
	 * @param key the Idempotency-Key, or null
	 */
	RestClient.Response payThenCutTheCustomerDatabase(Marketplace.User buyer, String itemId, String key,
			int reservedQuantity) throws Exception {
		this.stack.financial.freeze();
		CompletableFuture<RestClient.Response> interrupted;
		try {
			interrupted = CompletableFuture
				.supplyAsync(() -> this.marketplace.makePurchase(buyer.token(), key, card()));
			await().atMost(Duration.ofSeconds(10))
				.pollInterval(Duration.ofMillis(20))
				.until(() -> this.marketplace.quantity(buyer.token(), itemId) == reservedQuantity);
			this.customerDatabase.cut();
		}
		finally {
			this.stack.financial.thaw();
		}
		return interrupted.get();
	}

	@Override
	public void close() throws Exception {
		try {
			this.stack.close();
		}
		finally {
			this.customerDatabase.close();
		}
	}

}
