package dev.marketplace.perf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.incrementUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * Capacity: an open model. First {@code -Dclients} sellers and as many buyers (default 20) sign
 * in (not measured); then calls of the spec's mix arrive at a rate that starts at
 * {@code -DstartRate} per second (default 50) and rises by {@code -DrateStep} (default 50) every
 * level of {@code -DlevelSeconds} (default 20), {@code -Dlevels} times (default 12), each call
 * made with a signed-in client's session. At the end it prints, per level, the offered and the
 * achieved rate, p99 and errors, and the highest sustained rate before the knee: the first level
 * whose p99 exceeds 100 ms or that has errors. {@code -DcapacityFile} also writes that table as CSV.
 */
public class CapacitySimulation extends Simulation {

	private static final double KNEE_P99_MILLIS = 100;

	private static final Duration RAMP = Duration.ofSeconds(2);

	/** Signed-in clients' sessions (token, listings found, random generator) to make calls with. */
	private static final List<Map<String, Object>> sellers = new CopyOnWriteArrayList<>();

	private static final List<Map<String, Object>> buyers = new CopyOnWriteArrayList<>();

	/** Per level: response times of its calls, and failures. */
	private static final Map<Integer, List<Long>> times = new ConcurrentHashMap<>();

	private static final Map<Integer, Integer> failures = new ConcurrentHashMap<>();

	private static volatile long openPhaseStart;

	final int clients = Integer.getInteger("clients", 20);

	final double startRate = Integer.getInteger("startRate", 50);

	final double rateStep = Integer.getInteger("rateStep", 50);

	final int levels = Integer.getInteger("levels", 12);

	final int levelSeconds = Integer.getInteger("levelSeconds", 20);

	final MarketplaceLoad load = new MarketplaceLoad(Long.getLong("seed", 42), 0);

	{
		ScenarioBuilder sellersSignIn = scenario("sellers sign in").exec(this.load.sellerSetUp()).exec(keep(sellers));
		ScenarioBuilder buyersSignIn = scenario("buyers sign in").exec(this.load.buyerSetUp()).exec(keep(buyers));
		ScenarioBuilder sellerCalls = scenario("seller calls").exec(borrow(sellers))
			.exec(MarketplaceLoad.sellerCall())
			.exec(record());
		ScenarioBuilder buyerCalls = scenario("buyer calls").exec(borrow(buyers))
			.exec(MarketplaceLoad.buyerCall())
			.exec(record());
		// Sellers sign in first (buyers wait for their listings), then calls arrive at both frontends,
		// each getting half of the rate.
		setUp(sellersSignIn.injectOpen(atOnceUsers(this.clients))
			.protocols(this.load.sellerProtocol)
			.andThen(buyersSignIn.injectOpen(atOnceUsers(this.clients))
				.protocols(this.load.buyerProtocol)
				.andThen(sellerCalls.injectOpen(arrivals()).protocols(this.load.sellerProtocol),
						buyerCalls.injectOpen(arrivals()).protocols(this.load.buyerProtocol))));
	}

	private OpenInjectionStep arrivals() {
		return incrementUsersPerSec(this.rateStep / 2).times(this.levels)
			.eachLevelLasting(Duration.ofSeconds(this.levelSeconds))
			.separatedByRampsLasting(RAMP)
			.startingFrom(this.startRate / 2);
	}

	private static ChainBuilder keep(List<Map<String, Object>> pool) {
		return exec((session) -> {
			pool.add(Map.of("token", session.getString("token"), "newItem",
					session.contains("newItem") ? session.getString("newItem") : "", "found",
					session.contains("found") ? session.getList("found") : List.of(), "sellers",
					session.contains("sellers") ? session.getList("sellers") : List.of()));
			return session;
		});
	}

	/** A signed-in client's session for one call, and the call's start and level. */
	private ChainBuilder borrow(List<Map<String, Object>> pool) {
		return exec((session) -> {
			long now = System.currentTimeMillis();
			if (openPhaseStart == 0) {
				openPhaseStart = now;
			}
			Map<String, Object> client = pool.get(ThreadLocalRandom.current().nextInt(pool.size()));
			return session.setAll(client)
				.set("random", new Random(ThreadLocalRandom.current().nextLong()))
				.set("callStart", now)
				.set("level", level(now));
		});
	}

	private static ChainBuilder record() {
		return exec((session) -> {
			int level = session.getInt("level");
			if (level >= 0) {
				long elapsed = System.currentTimeMillis() - session.getLong("callStart");
				times.computeIfAbsent(level, (key) -> new CopyOnWriteArrayList<>()).add(elapsed);
				if (session.isFailed()) {
					failures.merge(level, 1, Integer::sum);
				}
			}
			return session.markAsSucceeded();
		});
	}

	/** The level a call that starts now belongs to, or -1 while the rate ramps between levels. */
	private int level(long now) {
		long cycle = (this.levelSeconds * 1000L) + RAMP.toMillis();
		long elapsed = now - openPhaseStart;
		int level = (int) (elapsed / cycle);
		return (elapsed % cycle < this.levelSeconds * 1000L && level < this.levels) ? level : -1;
	}

	@Override
	public void after() {
		List<String> rows = new ArrayList<>();
		rows.add("level,offered_per_s,achieved_per_s,p50_ms,p99_ms,errors");
		double sustained = 0;
		boolean kneeFound = false;
		System.out.println("Capacity (open model): level, offered/s, achieved/s, p50, p99, errors");
		for (int level = 0; level < this.levels; level++) {
			List<Long> levelTimes = new ArrayList<>(times.getOrDefault(level, List.of()));
			levelTimes.sort(null);
			int errors = failures.getOrDefault(level, 0);
			double offered = this.startRate + level * this.rateStep;
			double achieved = levelTimes.size() / (double) this.levelSeconds;
			long p50 = percentile(levelTimes, 0.50);
			long p99 = percentile(levelTimes, 0.99);
			String row = String.format(Locale.ROOT, "%d,%.0f,%.1f,%d,%d,%d", level + 1, offered, achieved, p50, p99, errors);
			rows.add(row);
			System.out.println("  " + row);
			if (!kneeFound && (p99 > KNEE_P99_MILLIS || errors > 0 || levelTimes.isEmpty())) {
				kneeFound = true;
				System.out.printf(Locale.ROOT, "  ^ knee at level %d (%.0f calls/s offered)%n", level + 1, offered);
			}
			if (!kneeFound) {
				sustained = achieved;
			}
		}
		if (kneeFound) {
			System.out.printf(Locale.ROOT,
					"Highest sustained rate before the knee (p99 <= %.0f ms, no errors): %.1f calls/s%n", KNEE_P99_MILLIS,
					sustained);
		}
		else {
			System.out.printf(Locale.ROOT, "No knee up to %.1f calls/s: raise -Dlevels or -DrateStep%n", sustained);
		}
		String file = System.getProperty("capacityFile");
		if (file != null && !file.isBlank()) {
			try {
				Files.write(Path.of(file), rows);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
	}

	private static long percentile(List<Long> sorted, double share) {
		return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(share * sorted.size()) - 1));
	}

}
