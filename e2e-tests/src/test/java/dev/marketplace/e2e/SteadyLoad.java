package dev.marketplace.e2e;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import tools.jackson.databind.JsonNode;

/**
 * Sellers and buyers calling the marketplace through its balancer at a steady rate (listing,
 * price changes, ratings; searching, carting, buying, feedback), each call timed and its outcome
 * kept, and a ledger of every change that was answered 2xx, to compare with what the marketplace
 * holds afterwards. A call fails when it gets a 5xx or no answer; a 4xx is an answer (a declined
 * card, stock sold out).
 */
final class SteadyLoad {

	private static final Duration PAUSE_BETWEEN_CALLS = Duration.ofMillis(60);

	private static final int PURCHASE_TRIES = 4;

	private final String sellerUrl;

	private final String buyerUrl;

	private final RestClient rest = new RestClient(Duration.ofSeconds(10));

	private final List<Thread> clients = new ArrayList<>();

	private final AtomicBoolean running = new AtomicBoolean(true);

	private final AtomicBoolean paused = new AtomicBoolean();

	private final AtomicInteger inFlight = new AtomicInteger();

	final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();

	/** Item ID to what its seller was told. */
	final Map<String, ListedItem> items = new ConcurrentHashMap<>();

	/** Idempotency-Key to the purchase its buyer was answered 201 for. */
	final Map<String, Purchase> purchases = new ConcurrentHashMap<>();

	/** Idempotency-Keys of purchases that never got an answer: each may or may not have happened. */
	final Set<String> unansweredPurchases = ConcurrentHashMap.newKeySet();

	final List<String> buyerTokens = new ArrayList<>();

	final List<Long> buyerIds = new ArrayList<>();

	private SteadyLoad(String sellerUrl, String buyerUrl) {
		this.sellerUrl = sellerUrl;
		this.buyerUrl = buyerUrl;
	}

	/** Signs sellers and buyers up, lists each seller's first items, then starts every client calling. */
	static SteadyLoad start(String sellerUrl, String buyerUrl, int sellers, int buyers) {
		SteadyLoad load = new SteadyLoad(sellerUrl, buyerUrl);
		String run = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
		List<String> sellerTokens = new ArrayList<>();
		for (int i = 0; i < sellers; i++) {
			String token = load.signUp(sellerUrl + "/sellers", "fs" + run + "x" + i);
			sellerTokens.add(token);
			for (int item = 0; item < 3; item++) {
				load.listItem(token);
			}
		}
		for (int i = 0; i < buyers; i++) {
			String username = "fb" + run + "x" + i;
			load.buyerTokens.add(load.signUp(buyerUrl + "/buyers", username));
		}
		load.calls.clear();
		for (String token : sellerTokens) {
			load.startClient(() -> load.sellerCall(token));
		}
		for (String token : load.buyerTokens) {
			load.startClient(() -> load.buyerCall(token));
		}
		return load;
	}

	private String signUp(String accounts, String username) {
		Map<String, String> credentials = Map.of("username", username, "password", "correct-horse");
		RestClient.Response created = this.rest.post(accounts, null, Map.of("username", username,
				"password", "correct-horse", "name", "Fault " + username.substring(0, 2)));
		check(created, 201, "sign-up");
		if (accounts.endsWith("/buyers")) {
			this.buyerIds.add(created.body().path("buyerId").asLong());
		}
		RestClient.Response login = this.rest.post(accounts + "/login", null, credentials);
		check(login, 200, "login");
		return login.text("sessionToken");
	}

	private void startClient(Runnable call) {
		Thread client = new Thread(() -> {
			while (this.running.get()) {
				if (this.paused.get()) {
					sleep(Duration.ofMillis(50));
					continue;
				}
				this.inFlight.incrementAndGet();
				try {
					call.run();
				}
				finally {
					this.inFlight.decrementAndGet();
				}
				sleep(PAUSE_BETWEEN_CALLS);
			}
		}, "steady-load");
		client.setDaemon(true);
		client.start();
		this.clients.add(client);
	}

	private void sellerCall(String token) {
		List<ListedItem> own = this.items.values().stream().filter((item) -> item.sellerToken.equals(token)).toList();
		int pick = ThreadLocalRandom.current().nextInt(10);
		if (pick < 2 || own.isEmpty()) {
			listItem(token);
		}
		else if (pick < 7) {
			changePrice(own.get(ThreadLocalRandom.current().nextInt(own.size())));
		}
		else {
			timed("GetSellerRating", () -> this.rest.get(this.sellerUrl + "/sellers/me/rating", token));
		}
	}

	private void listItem(String token) {
		int quantity = ThreadLocalRandom.current().nextBoolean() ? 15 : 400;
		BigDecimal price = BigDecimal.valueOf(ThreadLocalRandom.current().nextInt(100, 5000), 2);
		RestClient.Response listed = timed("RegisterItemForSale",
				() -> this.rest.post(this.sellerUrl + "/sellers/me/items", token, Map.of("name", "Fault lamp",
						"category", 5, "keywords", List.of("fault"), "condition", "NEW", "price", price,
						"quantity", quantity)));
		if (listed != null && listed.status() == 201) {
			String itemId = listed.text("itemId");
			this.items.put(itemId, new ListedItem(itemId, token, quantity, price));
		}
	}

	private void changePrice(ListedItem item) {
		String itemId = item.itemId;
		BigDecimal price = BigDecimal.valueOf(ThreadLocalRandom.current().nextInt(100, 5000), 2);
		synchronized (item) {
			RestClient.Response changed = timed("ChangeItemPrice", () -> this.rest
				.put(this.sellerUrl + "/sellers/me/items/" + itemId + "/price", item.sellerToken, Map.of("price", price)));
			if (changed != null && changed.status() == 200) {
				item.acknowledge(price);
			}
			else if (changed == null || changed.status() >= 500) {
				item.unanswered(price);
			}
		}
	}

	private void buyerCall(String token) {
		List<String> itemIds = new ArrayList<>(this.items.keySet());
		int pick = ThreadLocalRandom.current().nextInt(10);
		if (pick < 2) {
			timed("SearchItemsForSale", () -> this.rest.get(this.buyerUrl + "/items?category=5&keywords=fault", token));
		}
		else if (pick < 3) {
			timed("GetItem", () -> this.rest.get(this.buyerUrl + "/items/" + random(itemIds), token));
		}
		else if (pick < 4) {
			timed("ClearCart", () -> this.rest.delete(this.buyerUrl + "/buyers/me/cart", token));
		}
		else if (pick < 7) {
			timed("AddItemToCart", () -> this.rest.post(this.buyerUrl + "/buyers/me/cart/items", token,
					Map.of("itemId", random(itemIds), "quantity", 1 + ThreadLocalRandom.current().nextInt(2))));
		}
		else {
			purchase(token);
		}
	}

	/** Tried again with the same Idempotency-Key while it gets no answer, as a careful client does. */
	private void purchase(String token) {
		String key = UUID.randomUUID().toString();
		Map<String, String> card = Map.of("cardholderName", "Fault Test", "cardNumber", "4111111111111111",
				"expiry", "12/99", "securityCode", "123");
		for (int attempt = 1; attempt <= PURCHASE_TRIES; attempt++) {
			RestClient.Response answer = timed("MakePurchase", () -> this.rest.post(this.buyerUrl + "/buyers/me/purchases",
					token, card, Map.of("Idempotency-Key", key)));
			if (answer != null && answer.status() < 500) {
				this.unansweredPurchases.remove(key);
				if (answer.status() == 201) {
					this.purchases.put(key, new Purchase(token, answer.text("purchaseId"), answer.body()));
					if (ThreadLocalRandom.current().nextInt(3) == 0) {
						String itemId = answer.body().path("items").path(0).path("itemId").asString();
						timed("ProvideFeedback", () -> this.rest.post(this.buyerUrl + "/items/" + itemId + "/feedback",
								token, Map.of("vote", "UP")));
					}
				}
				return;
			}
			this.unansweredPurchases.add(key);
			sleep(Duration.ofMillis(500));
		}
	}

	private RestClient.Response timed(String operation, java.util.function.Supplier<RestClient.Response> call) {
		long started = System.nanoTime();
		RestClient.Response answer = null;
		try {
			answer = call.get();
		}
		catch (RuntimeException noAnswer) {
			// A refused or timed-out connection: the call failed, and says so below.
		}
		this.calls.add(new Call(operation, started, System.nanoTime(), (answer == null) ? 0 : answer.status()));
		return answer;
	}

	/** Stops new calls and waits for those in flight, so that what the ledger says is settled. */
	void pause() {
		this.paused.set(true);
		while (this.inFlight.get() > 0) {
			sleep(Duration.ofMillis(20));
		}
	}

	void resume() {
		this.paused.set(false);
	}

	void stop() throws InterruptedException {
		this.running.set(false);
		for (Thread client : this.clients) {
			client.join(Duration.ofSeconds(30).toMillis());
		}
	}

	private static String random(List<String> from) {
		return from.isEmpty() ? "5-1" : from.get(ThreadLocalRandom.current().nextInt(from.size()));
	}

	private static void check(RestClient.Response response, int status, String what) {
		if (response.status() != status) {
			throw new IllegalStateException(what + " answered " + response.status() + ": " + response.bodyText());
		}
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** One call: its operation, when it started and ended (System.nanoTime), and its status (0: no answer). */
	record Call(String operation, long startedNanos, long endedNanos, int status) {

		boolean failed() {
			return this.status == 0 || this.status >= 500;
		}

	}

	/** An item as its seller was answered: the units listed, and the prices it may now have. */
	static final class ListedItem {

		final String itemId;

		final String sellerToken;

		final int listedQuantity;

		private BigDecimal acknowledgedPrice;

		/** Prices of changes after the last acknowledged one that got no answer: each may have applied. */
		private final List<BigDecimal> unansweredPrices = new ArrayList<>();

		ListedItem(String itemId, String sellerToken, int listedQuantity, BigDecimal price) {
			this.itemId = itemId;
			this.sellerToken = sellerToken;
			this.listedQuantity = listedQuantity;
			this.acknowledgedPrice = price;
		}

		synchronized void acknowledge(BigDecimal price) {
			this.acknowledgedPrice = price;
			this.unansweredPrices.clear();
		}

		synchronized void unanswered(BigDecimal price) {
			this.unansweredPrices.add(price);
		}

		synchronized boolean mayCost(BigDecimal price) {
			return this.acknowledgedPrice.compareTo(price) == 0
					|| this.unansweredPrices.stream().anyMatch((unanswered) -> unanswered.compareTo(price) == 0);
		}

		synchronized BigDecimal acknowledgedPrice() {
			return this.acknowledgedPrice;
		}

	}

	/** A purchase answered 201: its buyer, its ID and the body, with its total and lines. */
	record Purchase(String buyerToken, String purchaseId, JsonNode body) {

		BigDecimal total() {
			return this.body.path("total").decimalValue();
		}

	}

}
