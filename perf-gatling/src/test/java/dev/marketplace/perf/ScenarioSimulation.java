package dev.marketplace.perf;

import java.util.Map;

import dev.marketplace.perf.report.BenchmarkReport;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.global;

/**
 * One evaluation scenario: {@code -Dclients=N} sellers and N buyers start together, each issuing
 * {@code -Dcalls} calls (default 1000) back to back, after {@code -DwarmupCalls} (default 0) that
 * are not recorded; {@code -Dseed} makes runs comparable.
 * {@code -Dscenario=4} gives the buyers the checkout mix (they also buy); otherwise
 * {@code -Dscenario} and {@code -Drun} only label the run file ({@code -DrunFile}).
 */
public class ScenarioSimulation extends Simulation {

	final int scenario = Integer.getInteger("scenario", 0);

	final int clients = Integer.getInteger("clients", 1);

	final int calls = Integer.getInteger("calls", 1000);

	final int warmupCalls = Integer.getInteger("warmupCalls", 0);

	final long seed = Long.getLong("seed", 42);

	final MarketplaceLoad load = new MarketplaceLoad(this.seed, 2 * this.clients);

	{
		setUp(this.load.sellers(this.warmupCalls, this.calls)
			.injectOpen(atOnceUsers(this.clients))
			.protocols(this.load.sellerProtocol),
				this.load.buyers(this.warmupCalls, this.calls,
						(this.scenario == BenchmarkReport.CHECKOUT_SCENARIO) ? MarketplaceLoad.CHECKOUT_MIX : MarketplaceLoad.BUYER_MIX)
					.injectOpen(atOnceUsers(this.clients))
					.protocols(this.load.buyerProtocol))
			.assertions(global().failedRequests().count().is(0L));
	}

	@Override
	public void after() {
		CallPhase.writeRunFile(Map.of("scenario", this.scenario, "run", Integer.getInteger("run", 1),
				"clients", this.clients, "callsPerClient", this.calls, "seed", this.seed));
	}

}
