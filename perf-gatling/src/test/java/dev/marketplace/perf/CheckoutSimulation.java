package dev.marketplace.perf;

import java.util.concurrent.atomic.AtomicLong;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The checkout flow: {@code -Dclients} buyers (default 10) each fill a cart with one or two of
 * the sellers' listings and call MakePurchase, {@code -Dpurchases} times (default 20), with a
 * well-formed card. The payment service approves 9 in 10 by default, so 201 (approved) and 402
 * (declined) are both expected answers; anything else fails the run. Approvals and declines
 * are counted and printed at the end.
 */
public class CheckoutSimulation extends Simulation {

	private static final AtomicLong approved = new AtomicLong();

	private static final AtomicLong declined = new AtomicLong();

	final int clients = Integer.getInteger("clients", 10);

	final int purchases = Integer.getInteger("purchases", 20);

	final MarketplaceLoad load = new MarketplaceLoad(Long.getLong("seed", 42), 0);

	{
		ScenarioBuilder sellers = scenario("sellers").exec(this.load.sellerSetUp())
			.exec(MarketplaceLoad.logout("/api/v1/sellers/logout"));
		ScenarioBuilder buyers = scenario("buyers").exec(this.load.buyerSetUp())
			.repeat(this.purchases)
			.on(exec(MarketplaceLoad::pickFound).exec(MarketplaceLoad.addToCart())
				.doIf((session) -> MarketplaceLoad.random(session).nextBoolean())
				.then(exec(MarketplaceLoad::pickFound).exec(MarketplaceLoad.addToCart()))
				.exec((session) -> session.remove("purchaseStatus"))
				.exec(MarketplaceLoad.makePurchase().check(status().saveAs("purchaseStatus")))
				.exec((session) -> {
					// A failed request saves no status; the one before it must not be counted again.
					if (session.contains("purchaseStatus")) {
						(session.getInt("purchaseStatus") == 201 ? approved : declined).incrementAndGet();
					}
					return session;
				}))
			.exec(MarketplaceLoad.logout("/api/v1/buyers/logout"));
		setUp(sellers.injectOpen(atOnceUsers(1)).protocols(this.load.sellerProtocol),
				buyers.injectOpen(atOnceUsers(this.clients)).protocols(this.load.buyerProtocol))
			.assertions(global().failedRequests().count().is(0L));
	}

	@Override
	public void after() {
		long total = approved.get() + declined.get();
		System.out.printf("Purchases: %d approved, %d declined (%.1f%% declined)%n", approved.get(), declined.get(),
				(total == 0) ? 0.0 : 100.0 * declined.get() / total);
	}

}
