package dev.marketplace.e2e;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The cluster under a steady load of sellers and buyers through its balancer, losing one node or
 * instance at a time and getting it back: after each fault, every change answered 2xx is in the
 * database and on every Galera node, no unit is oversold, units sold equal units taken from stock
 * equal captured payments, each purchase is recorded once under its Idempotency-Key, and no
 * payment authorisation is left open. The calls that failed during each fault, and how long until
 * every call succeeded again, are written to target/cluster-faults.md.
 * <p>
 * Runs against {@code ./marketplace up --cluster} with {@code ./mvnw -pl e2e-tests -Pcluster verify}
 * (tag {@code cluster}; the default build leaves it out).
 */
@Tag("cluster")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterFaultsEndToEndIntegrationTests {

	private static final String SELLER_URL = "http://localhost:8081/api/v1";

	private static final String BUYER_URL = "http://localhost:8082/api/v1";

	/** Long enough for the load to meet the fault, short enough to keep the run short. */
	private static final Duration DOWN_FOR = Duration.ofSeconds(10);

	private static final Duration FROZEN_FOR = Duration.ofSeconds(20);

	private static final Duration WARM_UP = Duration.ofSeconds(60);

	/** Calls made after the cluster is whole again, counted in the fault's window. */
	private static final Duration SETTLE = Duration.ofSeconds(5);

	private static final RunningCluster cluster = RunningCluster.ofThisCheckout();

	private static final List<String> report = new ArrayList<>();

	private static SteadyLoad load;

	@BeforeAll
	static void startLoad() throws InterruptedException {
		load = SteadyLoad.start(SELLER_URL, BUYER_URL, 6, 12);
		// The services' JIT compilers warm up first: a cold cluster answers at a fraction of its rate.
		Thread.sleep(WARM_UP.toMillis());
		long start = System.nanoTime();
		Thread.sleep(Duration.ofSeconds(10).toMillis());
		long end = System.nanoTime();
		List<SteadyLoad.Call> steady = load.calls.stream().filter((call) -> call.endedNanos() >= start && call.endedNanos() <= end).toList();
		double perSecond = steady.size() / ((end - start) / 1e9);
		report.add(String.format(Locale.ROOT, "| none (the steady load before the first fault) | %d | %.0f | %d | |", steady.size(),
				perSecond, steady.stream().filter(SteadyLoad.Call::failed).count()));
		// Enough calls that each fault window holds hundreds; not a speed target (slow hours here gave 44/s).
		assertThat(perSecond).as("calls per second of the steady load").isGreaterThanOrEqualTo(20);
	}

	@AfterAll
	static void stopLoad() throws Exception {
		if (load != null) {
			load.stop();
		}
		Path out = Path.of("target", "cluster-faults.md");
		Files.createDirectories(out.getParent());
		Files.writeString(out, "| fault | calls during it | calls per second | failed | time until every call succeeds |\n"
				+ "|---|---|---|---|---|\n" + String.join("\n", report) + "\n", StandardCharsets.UTF_8);
	}

	@Test
	@Order(1)
	void theWritingGaleraNodeKilledAndRestartedLosesNothing() throws Exception {
		killedAndRestarted("Galera node 1 (the writer) SIGKILLed, restarted after 10 s (IST)", "galera-1");
	}

	@Test
	@Order(2)
	void oneInstanceOfEachDatabaseServiceKilledAndRestartedLosesNothing() throws Exception {
		killedAndRestarted("customer-db-service 1 and product-db-service 2 SIGKILLed, restarted after 10 s",
				"customer-db-1", "product-db-2");
	}

	@Test
	@Order(3)
	void oneFrontendAndOnePaymentInstanceKilledAndRestartedLoseNothing() throws Exception {
		killedAndRestarted("buyer-service 1 and financial-soap-service 2 SIGKILLed, restarted after 10 s", "buyer-1",
				"financial-2");
	}

	@Test
	@Order(4)
	void aGaleraNodeFrozenFor20SecondsLosesNothing() throws Exception {
		underFault("Galera node 2 frozen (SIGSTOP) for 20 s, then resumed", () -> {
			cluster.freeze("galera-2");
			try {
				Thread.sleep(FROZEN_FOR.toMillis());
			}
			finally {
				cluster.resume("galera-2");
			}
			cluster.startWhatIsMissing();
		});
	}

	private void killedAndRestarted(String fault, String... processes) throws Exception {
		underFault(fault, () -> {
			for (String process : processes) {
				cluster.kill(process);
			}
			Thread.sleep(DOWN_FOR.toMillis());
			cluster.startWhatIsMissing();
		});
	}

	private void underFault(String fault, Fault inject) throws Exception {
		long start = System.nanoTime();
		inject.run();
		Thread.sleep(SETTLE.toMillis());
		long end = System.nanoTime();
		List<SteadyLoad.Call> during = load.calls.stream()
			.filter((call) -> call.endedNanos() >= start && call.endedNanos() <= end)
			.toList();
		List<SteadyLoad.Call> failed = during.stream().filter(SteadyLoad.Call::failed).toList();
		double restoredSeconds = failed.stream().mapToLong(SteadyLoad.Call::endedNanos).max().orElse(start) - start;
		double seconds = (end - start) / 1e9;
		report.add(String.format(Locale.ROOT, "| %s | %d | %.0f | %d (%.2f%%)%s | %.1f s |", fault, during.size(),
				during.size() / seconds, failed.size(), 100.0 * failed.size() / Math.max(1, during.size()),
				failed.isEmpty() ? "" : " " + failedByOperation(failed) + " at " + failureTimes(failed, start),
				restoredSeconds / 1e9));

		load.pause();
		try {
			assertNothingLost();
		}
		finally {
			load.resume();
		}
	}

	/** When the failed calls ended, in whole seconds after the fault began: {@code [0, 0, 3]}. */
	private static String failureTimes(List<SteadyLoad.Call> failed, long start) {
		return failed.stream()
			.map((call) -> (call.endedNanos() - start) / 1_000_000_000L)
			.distinct()
			.sorted()
			.map(String::valueOf)
			.collect(Collectors.joining(", ", "[", "] s"));
	}

	private static String failedByOperation(List<SteadyLoad.Call> failed) {
		return failed.stream()
			.collect(Collectors.groupingBy(SteadyLoad.Call::operation, TreeMap::new, Collectors.counting()))
			.toString();
	}

	private void assertNothingLost() throws SQLException {
		// A purchase interrupted half-way is finished or undone by the stalled-checkout recovery
		// once its lease runs out; until then its authorisation is rightly open.
		await().atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofSeconds(2))
			.untilAsserted(() -> assertThat(openAuthorisations()).as("authorisations neither captured nor voided").isZero());
		Books first = null;
		for (int node = 1; node <= RunningCluster.GALERA_NODES; node++) {
			Books books = Books.readFrom(cluster, node, load);
			if (first == null) {
				first = books;
			}
			else {
				assertThat(books).as("what Galera node " + node + " holds, against node 1").isEqualTo(first);
			}
		}
		Books books = first;
		assertThat(books.items.keySet()).as("every item listed with a 201").containsAll(load.items.keySet());
		for (Map.Entry<String, SteadyLoad.ListedItem> listed : load.items.entrySet()) {
			StockRow row = books.items.get(listed.getKey());
			assertThat(listed.getValue().mayCost(row.price()))
				.as("price of %s: %s, last acknowledged %s", listed.getKey(), row.price(), listed.getValue().acknowledgedPrice())
				.isTrue();
			long sold = books.unitsSold.getOrDefault(listed.getKey(), 0L);
			assertThat(row.quantity()).as("units of %s left", listed.getKey()).isGreaterThanOrEqualTo(0);
			assertThat(listed.getValue().listedQuantity - row.quantity()).as("units of %s taken from stock against units sold",
					listed.getKey()).isEqualTo(sold);
		}
		for (Map.Entry<String, SteadyLoad.Purchase> answered : load.purchases.entrySet()) {
			SteadyLoad.Purchase purchase = answered.getValue();
			assertThat(books.purchaseByKey.get(answered.getKey())).as("purchase under key %s", answered.getKey())
				.isEqualTo(purchase.purchaseId());
			assertThat(books.purchaseTotals.get(purchase.purchaseId())).as("total of %s", purchase.purchaseId())
				.isEqualByComparingTo(purchase.total());
		}
		Set<String> answeredIds = load.purchases.values().stream().map(SteadyLoad.Purchase::purchaseId).collect(Collectors.toSet());
		for (Map.Entry<String, String> recorded : books.purchaseByKey.entrySet()) {
			if (!answeredIds.contains(recorded.getValue())) {
				assertThat(load.unansweredPurchases).as("a purchase recorded that no buyer was answered for").contains(recorded.getKey());
			}
		}
		assertThat(books.capturedPayments).as("captured payments against recorded purchases").isEqualTo(books.purchaseTotals);
		assertThat(books.capturedWithoutPurchase).as("payments captured with no purchase recorded").isEmpty();
		assertThat(books.unitsSold.values().stream().mapToLong(Long::longValue).sum())
			.as("units sold against units in purchase records")
			.isEqualTo(books.unitsInPurchases);
		for (String token : load.buyerTokens) {
			assertEachPurchaseListedOnce(token, books);
		}
	}

	private static void assertEachPurchaseListedOnce(String token, Books books) {
		List<String> listed = new ArrayList<>();
		RestClient rest = new RestClient(Duration.ofSeconds(30));
		for (int offset = 0;; offset += 100) {
			RestClient.Response page = rest.get(BUYER_URL + "/buyers/me/purchases?limit=100&offset=" + offset, token);
			assertThat(page.status()).isEqualTo(200);
			page.body().path("items").forEach((purchase) -> listed.add(purchase.path("purchaseId").asString()));
			if (page.body().path("items").size() < 100) {
				break;
			}
		}
		assertThat(new HashSet<>(listed)).as("purchases listed once each").hasSameSizeAs(listed);
		load.purchases.values()
			.stream()
			.filter((purchase) -> purchase.buyerToken().equals(token))
			.forEach((purchase) -> assertThat(listed).contains(purchase.purchaseId()));
		assertThat(books.purchaseTotals.keySet()).containsAll(listed);
	}

	private static long openAuthorisations() throws SQLException {
		try (Connection payments = cluster.galeraNode(1, "marketplace_payments");
				ResultSet open = payments.createStatement()
					.executeQuery("SELECT COUNT(*) FROM payments WHERE state = 'AUTHORIZED'")) {
			open.next();
			return open.getLong(1);
		}
	}

	@FunctionalInterface
	interface Fault {

		void run() throws Exception;

	}

	record StockRow(BigDecimal price, long quantity) {

		@Override
		public boolean equals(Object other) {
			return other instanceof StockRow row && row.price.compareTo(this.price) == 0 && row.quantity == this.quantity;
		}

		@Override
		public int hashCode() {
			return Long.hashCode(this.quantity);
		}

	}

	/** What one Galera node holds of the load's items, purchases and payments. */
	record Books(Map<String, StockRow> items, Map<String, Long> unitsSold, long unitsInPurchases,
			Map<String, String> purchaseByKey, Map<String, BigDecimal> purchaseTotals,
			Map<String, BigDecimal> capturedPayments, Set<String> capturedWithoutPurchase) {

		static Books readFrom(RunningCluster cluster, int node, SteadyLoad load) throws SQLException {
			Map<String, StockRow> items = new TreeMap<>();
			Map<String, Long> unitsSold = new TreeMap<>();
			Map<String, String> purchaseByKey = new TreeMap<>();
			Map<String, BigDecimal> purchaseTotals = new TreeMap<>();
			Map<String, BigDecimal> captured = new TreeMap<>();
			Set<String> everyPurchase = new HashSet<>();
			Set<String> capturedWithoutPurchase = new TreeSet<>();
			long unitsInPurchases;
			String buyers = load.buyerIds.stream().map(String::valueOf).collect(Collectors.joining(","));
			try (Connection product = cluster.galeraNode(node, "marketplace_product");
					ResultSet rows = product.createStatement()
						.executeQuery("SELECT category, id, price, quantity FROM items WHERE name = 'Fault lamp'")) {
				while (rows.next()) {
					items.put(rows.getInt(1) + "-" + rows.getLong(2), new StockRow(rows.getBigDecimal(3), rows.getLong(4)));
				}
			}
			for (String itemId : load.items.keySet()) {
				unitsSold.put(itemId, load.items.get(itemId).listedQuantity - items.getOrDefault(itemId, new StockRow(BigDecimal.ZERO, 0)).quantity());
			}
			try (Connection customer = cluster.galeraNode(node, "marketplace_customer")) {
				try (ResultSet rows = customer.createStatement()
					.executeQuery("SELECT c.idempotency_key, p.id, p.total FROM purchases p JOIN checkouts c ON c.purchase_id = p.id"
							+ " WHERE p.buyer_id IN (" + buyers + ")")) {
					while (rows.next()) {
						purchaseByKey.put(rows.getString(1), rows.getString(2));
						purchaseTotals.put(rows.getString(2), rows.getBigDecimal(3).stripTrailingZeros());
					}
				}
				try (PreparedStatement lines = customer.prepareStatement("SELECT COALESCE(SUM(l.quantity), 0) FROM purchase_lines l"
						+ " JOIN purchases p ON p.id = l.purchase_id WHERE p.buyer_id IN (" + buyers + ")");
						ResultSet sum = lines.executeQuery()) {
					sum.next();
					unitsInPurchases = sum.getLong(1);
				}
				try (ResultSet rows = customer.createStatement().executeQuery("SELECT id FROM purchases")) {
					while (rows.next()) {
						everyPurchase.add(rows.getString(1));
					}
				}
			}
			try (Connection payments = cluster.galeraNode(node, "marketplace_payments");
					ResultSet rows = payments.createStatement()
						.executeQuery("SELECT transaction_id, amount FROM payments WHERE state = 'CAPTURED'")) {
				Set<String> ours = new HashSet<>(purchaseTotals.keySet());
				Map<String, BigDecimal> all = new HashMap<>();
				while (rows.next()) {
					all.put(rows.getString(1), rows.getBigDecimal(2).stripTrailingZeros());
				}
				all.forEach((id, amount) -> {
					if (ours.contains(id)) {
						captured.put(id, amount);
					}
					if (!everyPurchase.contains(id)) {
						capturedWithoutPurchase.add(id);
					}
				});
			}
			return new Books(items, unitsSold, unitsInPurchases, purchaseByKey, purchaseTotals, captured,
					capturedWithoutPurchase);
		}

	}

}
