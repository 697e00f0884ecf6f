package dev.marketplace.perf;

import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.global;

/**
 * A short run for CI: 2 sellers and 2 buyers, 100 calls each, and 2 buyers of scenario 4's
 * checkout mix (they also buy), 50 calls each. No request may fail, and the ceiling on response
 * times is loose enough for a noisy two-core machine running everything.
 */
public class SmokeSimulation extends Simulation {

	final MarketplaceLoad load = new MarketplaceLoad(Long.getLong("seed", 42), 6);

	{
		setUp(this.load.sellers(100).injectOpen(atOnceUsers(2)).protocols(this.load.sellerProtocol),
				this.load.buyers(100).injectOpen(atOnceUsers(2)).protocols(this.load.buyerProtocol),
				this.load.buyers(0, 50, MarketplaceLoad.CHECKOUT_MIX)
					.injectOpen(atOnceUsers(2))
					.protocols(this.load.buyerProtocol))
			.assertions(global().failedRequests().count().is(0L), global().responseTime().percentile(99.0).lt(2000));
	}

}
