package dev.marketplace.perf.report;

import java.util.List;

/**
 * The figures other implementations of the same assignment published (MARKETPLACE.md,
 * section Evaluation; the reports are in shared/seeds): mean response time in milliseconds and
 * throughput in operations per second, for scenarios 1, 2 and 3.
 */
public final class PublishedFigures {

	public static final List<Implementation> ALL = List.of(
			new Implementation("Python FastAPI + gRPC + MySQL, GCP VMs (seed 000), get_seller_rating",
					new double[] { 36.3, 82.2, 765 }, new double[] { 27.6, 121.8, 110.1 }),
			new Implementation("Python FastAPI + gRPC + MySQL, GCP VMs (seed 000), display_items_for_sale",
					new double[] { 65.8, 272.6, 2535 }, new double[] { 15.2, 37.3, 33.6 }),
			new Implementation("Python REST + gRPC + SOAP, VMs (seed 001), mixed", new double[] { 209.5, 195.9, 659.4 },
					new double[] { 9.5, 16.3, 13.4 }),
			new Implementation("Python raw TCP sockets, one laptop (seed 002, PA1), mixed",
					new double[] { 2.03, 35.5, 130.4 }, new double[] { 964, 636, 1428 }));

	private PublishedFigures() {
	}

	/** Whether the implementations published figures for the scenario (the checkout scenario has none). */
	public static boolean cover(int scenario) {
		return scenario >= 1 && scenario <= 3;
	}

	/** One published implementation; index 0 is scenario 1. */
	public record Implementation(String name, double[] meanMillis, double[] operationsPerSecond) {

		public double meanMillis(int scenario) {
			return this.meanMillis[scenario - 1];
		}

		public double operationsPerSecond(int scenario) {
			return this.operationsPerSecond[scenario - 1];
		}

	}

}
