package dev.marketplace.perf.report;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BaselineComparisonTests {

	/** Scenario 2: 20,000 calls in the given time, with the given marketplace CPU and failed calls. */
	private static List<ScenarioRun> leg(long phaseMillis, long cpuMillis, long errors) {
		return List.of(new ScenarioRun(2, 1, 10, 1000, 42, phaseMillis,
				Map.of("buyer-service", cpuMillis, "Gatling", 1_000L), "r/index.html",
				List.of(new OperationStats("All Requests", 20_000, errors, 0, 10, 10, 30, 40, 90, 10)), 10));
	}

	private static List<ScenarioRun> leg(long phaseMillis, long cpuMillis) {
		return leg(phaseMillis, cpuMillis, 0);
	}

	@Test
	void eachFigureIsTheRatioOfTheMediansWithTheSpreadOfTheLegsRunSideBySide() {
		// baseline, current, current, baseline: the machine got slower over the run
		BaselineComparison comparison = new BaselineComparison(List.of(leg(10_000, 40_000), leg(14_000, 48_000)),
				List.of(leg(10_000, 20_000), leg(12_000, 28_000)));

		String markdown = comparison.markdown("042c973", "abc1234");

		// CPU per call: baseline 2.0 and 2.4 ms (median 2.2), current 1.0 and 1.4 ms (median 1.2)
		assertThat(markdown).contains("| 2 | CPU per call, the marketplace (ms) | 2.20 | 1.20 | **0.55** | 0.50–0.58 |")
			// throughput: baseline 2,000 and 1,429 ops/s, current 2,000 and 1,667
			.contains("| 2 | throughput (ops/s) | 1,714 | 1,833 | **1.07** | 1.00–1.17 |")
			.doesNotContain("CPU per purchase");
	}

	@Test
	void errorsAreAddedUpOverTheLegsOfEachCode() {
		BaselineComparison comparison = new BaselineComparison(List.of(leg(10_000, 40_000), leg(10_000, 40_000, 3)),
				List.of(leg(10_000, 20_000), leg(10_000, 20_000)));

		assertThat(comparison.markdown("042c973", "abc1234")).contains("| 2 | errors, all legs | 3 | 0 | | |");
	}

}
