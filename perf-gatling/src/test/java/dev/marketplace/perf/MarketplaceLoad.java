package dev.marketplace.perf;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import dev.marketplace.perf.report.BenchmarkReport;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.crashLoadGeneratorIf;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.onCase;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The evaluation workload of MARKETPLACE.md: sellers and buyers that each create an account and
 * log in (silent: kept out of the statistics), issue their calls back to back with the spec's
 * operation mix, drawn from a random generator seeded per client so runs are comparable, then log
 * out (silent).
 */
final class MarketplaceLoad {

	/** Keywords items are listed and searched with, so searches find results. */
	static final List<String> VOCABULARY = List.of("lamp", "desk", "chair", "table", "sofa", "shelf", "bed", "rug",
			"mirror", "clock", "vase", "stool");

	static final int CATEGORIES = 8;

	/** Units each listing starts with: the load never runs out of them. */
	static final int LISTED_UNITS = 1_000_000;

	/** Listings with more units than this are the load's own, whatever else the database holds. */
	static final int OWN_LISTING_MIN_UNITS = 100_000;

	private static final String RUN = UUID.randomUUID().toString().substring(0, 6);

	/** Seller calls: RegisterItemForSale, ChangeItemPrice, UpdateUnitsForSale, DisplayItemsForSale, GetSellerRating. */
	private static final Mix SELLER_MIX = new Mix(new String[] { "register", "price", "units", "display", "rating" },
			new int[] { 20, 20, 20, 20, 20 });

	/** Buyer calls: SearchItemsForSale, GetItem, AddItemToCart, DisplayCart, ClearCart, GetSellerRating. */
	static final Mix BUYER_MIX = new Mix(new String[] { "search", "item", "add", "cart", "clear", "rating" },
			new int[] { 25, 15, 15, 15, 10, 20 });

	/** Scenario 4's buyers: the same calls and MakePurchase, each purchase of a cart with an item just added. */
	static final Mix CHECKOUT_MIX = new Mix(
			new String[] { "search", "item", "add", "cart", "clear", "purchase", "rating" },
			new int[] { 20, 15, 20, 15, 5, 15, 10 });

	final HttpProtocolBuilder sellerProtocol;

	final HttpProtocolBuilder buyerProtocol;

	private final long seed;

	/** Clients signed in so far, and how many start their calls together (0: no waiting). */
	private final AtomicInteger signedIn = new AtomicInteger();

	/** Clients done with their warm-up calls so far. */
	private final AtomicInteger warmedUp = new AtomicInteger();

	private final int startTogether;

	/**
	 * @param seed the run's seed
	 * @param startTogether how many clients (sellers and buyers) sign in before any of them
	 * starts its calls, so the call phase runs with all of them at once (0 for none)
	 */
	MarketplaceLoad(long seed, int startTogether) {
		this.seed = seed;
		this.startTogether = startTogether;
		this.sellerProtocol = protocol(System.getProperty("sellerUrl", "http://localhost:8081"));
		this.buyerProtocol = protocol(System.getProperty("buyerUrl", "http://localhost:8082"));
	}

	private static HttpProtocolBuilder protocol(String baseUrl) {
		return http.baseUrl(baseUrl).contentTypeHeader("application/json").acceptHeader("application/json");
	}

	ScenarioBuilder sellers(int calls) {
		return sellers(0, calls);
	}

	/**
	 * @param warmupCalls calls each client makes, not recorded, once every client has signed in
	 * and before the measured ones
	 */
	ScenarioBuilder sellers(int warmupCalls, int calls) {
		return scenario("sellers").exec(sellerSetUp())
			.exec(allSignedIn())
			.exec(warmUp(warmupCalls, sellerCall(false)))
			.exec(CallPhase.begins())
			.repeat(calls)
			.on(sellerCall())
			.exec(CallPhase.ends())
			.exec(logout("/api/v1/sellers/logout"));
	}

	ScenarioBuilder buyers(int calls) {
		return buyers(0, calls, BUYER_MIX);
	}

	/**
	 * @param warmupCalls as for {@link #sellers(int, int)}
	 * @param mix {@link #BUYER_MIX}, or {@link #CHECKOUT_MIX} for buyers who also buy
	 */
	ScenarioBuilder buyers(int warmupCalls, int calls, Mix mix) {
		String name = (mix == CHECKOUT_MIX) ? "checkout buyers" : "buyers";
		return scenario(name).exec(buyerSetUp())
			.exec(allSignedIn())
			.exec(warmUp(warmupCalls, buyerCall(mix, false)))
			.exec(CallPhase.begins())
			.repeat(calls)
			.on(buyerCall(mix, true))
			.exec(CallPhase.ends())
			.exec(logout("/api/v1/buyers/logout"));
	}

	/**
	 * Waits until every client has signed in: the scenarios are "all concurrent", and sign-ins
	 * (BCrypt) must not compete for the CPU with other clients' measured calls.
	 */
	private ChainBuilder allSignedIn() {
		return allArrived(this.signedIn);
	}

	/**
	 * The warm-up calls, then a wait until every client has made them. Gatling's JVM is new in
	 * every run: without this, its own JIT compilation and first calls would be measured as the
	 * marketplace's time and CPU (about half of Gatling's CPU per call in scenario 1).
	 */
	private ChainBuilder warmUp(int calls, ChainBuilder call) {
		return doIf((session) -> calls > 0).then(repeat(calls).on(call).exec(allArrived(this.warmedUp)));
	}

	private ChainBuilder allArrived(AtomicInteger arrived) {
		return exec((session) -> {
			arrived.incrementAndGet();
			return session;
		}).asLongAs((session) -> arrived.get() < this.startTogether).on(pause(Duration.ofMillis(50)));
	}

	/** A seller's account, session and first listings: one in every category, so searches find items at once. */
	ChainBuilder sellerSetUp() {
		return exec(seeded("seller")).exec(account("seller", "/api/v1/sellers"))
			.repeat(CATEGORIES, "setupCategory")
			.on(exec(registerItem().silent()));
	}

	/** One seller call, drawn from the spec's mix. */
	static ChainBuilder sellerCall() {
		return sellerCall(true);
	}

	private static ChainBuilder sellerCall(boolean measured) {
		return exec((session) -> session.set("op", SELLER_MIX.next(session))).doSwitch("#{op}")
			.on(onCase("register").then(exec(recorded(registerItem(), measured))),
					onCase("price").then(exec(ownItem()).exec(recorded(http("ChangeItemPrice")
						.put("/api/v1/sellers/me/items/#{itemId}/price")
						.header("Authorization", "Bearer #{token}")
						.body(StringBody((session) -> "{\"price\":" + price(session) + "}")), measured))),
					onCase("units").then(exec(ownItem()).exec(recorded(http("UpdateUnitsForSale")
						.post("/api/v1/sellers/me/items/#{itemId}/remove-units")
						.header("Authorization", "Bearer #{token}")
						.body(StringBody("{\"quantity\":1}")), measured))),
					onCase("display").then(exec(recorded(http("DisplayItemsForSale").get("/api/v1/sellers/me/items")
						.header("Authorization", "Bearer #{token}"), measured))),
					onCase("rating").then(exec(recorded(http("GetSellerRating (seller)").get("/api/v1/sellers/me/rating")
						.header("Authorization", "Bearer #{token}"), measured))));
	}

	private static HttpRequestActionBuilder recorded(HttpRequestActionBuilder request, boolean measured) {
		return measured ? request : request.silent();
	}

	/**
	 * A buyer's account and session, then a wait (at most a minute) for the sellers' first
	 * listings, so cart adds target real items.
	 */
	ChainBuilder buyerSetUp() {
		return exec(seeded("buyer")).exec(account("buyer", "/api/v1/buyers"))
			.exec((session) -> session.set("found", List.of()))
			.asLongAsDuring((session) -> session.getList("found").isEmpty(), Duration.ofMinutes(1))
			.on(exec(http("setup: search").get("/api/v1/items?category=#{category}")
				.header("Authorization", "Bearer #{token}")
				// Only this load's own listings (they have LISTED_UNITS), so adds never run out of stock.
				.check(jsonPath("$.items[?(@.quantity > " + OWN_LISTING_MIN_UNITS + ")].itemId").findAll()
					.optional()
					.saveAs("found"))
				.check(jsonPath("$.items[?(@.quantity > " + OWN_LISTING_MIN_UNITS + ")].sellerId").findAll()
					.optional()
					.saveAs("sellers"))
				.silent()).exec((session) -> session.contains("found") ? session : session.set("found", List.of()))
				.doIf((session) -> session.getList("found").isEmpty())
				.then(pause(Duration.ofMillis(200))));
	}

	/** One buyer call, drawn from the spec's mix. */
	static ChainBuilder buyerCall() {
		return buyerCall(BUYER_MIX, true);
	}

	private static ChainBuilder buyerCall(Mix mix, boolean measured) {
		return exec((session) -> pickFound(session).set("op", mix.next(session))).doSwitch("#{op}")
			.on(onCase("search").then(exec(recorded(http("SearchItemsForSale")
				.get((session) -> "/api/v1/items?category=" + random(session).nextInt(CATEGORIES) + "&keywords="
						+ keywords(session))
				.header("Authorization", "Bearer #{token}"), measured))),
					onCase("item").then(exec(recorded(http("GetItem").get("/api/v1/items/#{itemId}")
						.header("Authorization", "Bearer #{token}"), measured))),
					onCase("add").then(exec(recorded(addToCart(), measured))),
					onCase("cart").then(exec(recorded(http("DisplayCart").get("/api/v1/buyers/me/cart")
						.header("Authorization", "Bearer #{token}"), measured))),
					onCase("clear").then(exec(recorded(http("ClearCart").delete("/api/v1/buyers/me/cart")
						.header("Authorization", "Bearer #{token}"), measured))),
					onCase("rating").then(exec(recorded(http("GetSellerRating (buyer)").get("/api/v1/sellers/#{sellerId}/rating")
						.header("Authorization", "Bearer #{token}"), measured))),
					// The item carted first is not one of the mix's calls: the draw is the purchase.
					onCase("purchase").then(exec(addToCart().silent()).exec(recorded(makePurchase(), measured))));
	}

	/**
	 * MakePurchase of the cart under a new Idempotency-Key, with a well-formed card. The payment
	 * service approves 9 in 10 by default, so 201 and 402 (declined) are both answers.
	 */
	static HttpRequestActionBuilder makePurchase() {
		return http(BenchmarkReport.MAKE_PURCHASE).post("/api/v1/buyers/me/purchases")
			.header("Authorization", "Bearer #{token}")
			.header("Idempotency-Key", (session) -> UUID.randomUUID().toString())
			.body(StringBody("""
					{"cardholderName":"Load Test","cardNumber":"4111111111111111","expiry":"12/99","securityCode":"123"}"""))
			.check(status().in(201, 402));
	}

	/** Adds one unit of the item in {@code itemId} to the buyer's cart. */
	static HttpRequestActionBuilder addToCart() {
		return http("AddItemToCart").post("/api/v1/buyers/me/cart/items")
			.header("Authorization", "Bearer #{token}")
			.body(StringBody("{\"itemId\":\"#{itemId}\",\"quantity\":1}"));
	}

	/** A generator seeded by the run's seed and the client's number, and the client's category. */
	private ChainBuilder seeded(String role) {
		return exec((session) -> {
			Random random = new Random(this.seed * 1_000_003 + session.userId() * 2 + (role.equals("buyer") ? 1 : 0));
			return session.set("random", random).set("category", random.nextInt(CATEGORIES));
		});
	}

	/**
	 * Creates the client's account and logs in, trying again every second (for three minutes at
	 * most) while the customer database sheds a burst of password checks: a hundred clients
	 * signing up at once is more BCrypt than two cores do within one call's deadline.
	 */
	private static ChainBuilder account(String role, String path) {
		return exec((session) -> session.set("username", role + "_" + RUN + "_" + session.userId()))
			.asLongAsDuring((session) -> !session.contains("token"), Duration.ofMinutes(3))
			.on(exec(http("setup: create account").post(path)
				.body(StringBody("{\"username\":\"#{username}\",\"password\":\"load-test-pw\",\"name\":\"Load\"}"))
				// 409: an earlier try created it after all.
				.check(status().in(201, 409))
				.silent())
				.exec(http("setup: login").post(path + "/login")
					.body(StringBody("{\"username\":\"#{username}\",\"password\":\"load-test-pw\"}"))
					.check(jsonPath("$.sessionToken").saveAs("token"))
					.silent())
				.doIf((session) -> !session.contains("token"))
				.then(pause(Duration.ofSeconds(1))))
			// A client that cannot sign in would silently shrink the load: the run is void then.
			.exec(crashLoadGeneratorIf("#{username} could not sign in within 3 minutes",
					(session) -> !session.contains("token")))
			.exec(Session::markAsSucceeded);
	}

	static ChainBuilder logout(String path) {
		return exec(http("teardown: logout").post(path).header("Authorization", "Bearer #{token}").silent());
	}

	private static HttpRequestActionBuilder registerItem() {
		return http("RegisterItemForSale").post("/api/v1/sellers/me/items")
			.header("Authorization", "Bearer #{token}")
			.body(StringBody((session) -> "{\"name\":\"Item " + random(session).nextInt(10_000) + "\",\"category\":"
					+ listingCategory(session) + ",\"keywords\":[\"" + keywords(session).replace(",", "\",\"")
					+ "\"],\"condition\":\"USED\",\"price\":" + price(session) + ",\"quantity\":" + LISTED_UNITS + "}"))
			.check(jsonPath("$.itemId").saveAs("newItem"))
			.check(status().is(201));
	}

	/** Each category in turn during set-up, then any category. */
	private static int listingCategory(Session session) {
		return session.contains("setupCategory") ? session.getInt("setupCategory") : random(session).nextInt(CATEGORIES);
	}

	/** One of the seller's own listings: the newest it registered. */
	private static ChainBuilder ownItem() {
		return exec((session) -> session.set("itemId", session.getString("newItem")));
	}

	/** One of the load's own listings the buyer found at set-up, and its seller. */
	static Session pickFound(Session session) {
		List<Object> found = session.getList("found");
		List<Object> sellers = session.getList("sellers");
		int index = random(session).nextInt(found.size());
		return session.set("itemId", found.get(index)).set("sellerId", sellers.get(index));
	}

	private static String keywords(Session session) {
		Random random = random(session);
		return VOCABULARY.get(random.nextInt(VOCABULARY.size())) + "," + VOCABULARY.get(random.nextInt(VOCABULARY.size()));
	}

	private static String price(Session session) {
		return (1 + random(session).nextInt(9_999)) + "." + (10 + random(session).nextInt(90));
	}

	static Random random(Session session) {
		return (Random) session.get("random");
	}

	/** A weighted choice of operations. */
	record Mix(String[] operations, int[] weights) {

		String next(Session session) {
			int draw = random(session).nextInt(100);
			for (int i = 0; i < this.operations.length; i++) {
				draw -= this.weights[i];
				if (draw < 0) {
					return this.operations[i];
				}
			}
			return this.operations[this.operations.length - 1];
		}

	}

}
