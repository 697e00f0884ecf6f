package dev.marketplace.perf.report;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BenchmarkReportTests {

	private static ScenarioRun run(int scenario, int run, long phaseMillis, long requests, long failed, long mean,
			long p99) {
		return run(scenario, run, phaseMillis, requests, failed, mean, p99, Map.of());
	}

	private static ScenarioRun run(int scenario, int run, long phaseMillis, long requests, long failed, long mean,
			long p99, Map<String, Long> cpuMillis) {
		return new ScenarioRun(scenario, run, (scenario == 1) ? 1 : (scenario == 2) ? 10 : 100, 1000, 42, phaseMillis,
				cpuMillis, "../reports/scenario-" + scenario + "-run-" + run + "/index.html",
				List.of(new OperationStats("All Requests", requests, failed, 0, mean, mean, p99, p99, p99, mean),
						new OperationStats("GetItem", requests / 2, failed, 0, mean, mean, p99, p99, p99, mean)),
				mean);
	}

	private final BenchmarkReport report = new BenchmarkReport(
			List.of(run(1, 1, 4_000, 2_000, 0, 4, 9), run(2, 1, 10_000, 20_000, 0, 10, 40), run(3, 1, 100_000,
					200_000, 0, 90, 300), run(3, 2, 80_000, 200_000, 2, 80, 200), run(3, 3, 125_000, 200_000, 1, 100, 320)),
			Map.of("jdk", "25", "database", "MariaDB 11.4.5", "command", "./marketplace bench --runs 3", "code",
					"866a816"));

	@Test
	void throughputCountsMeasuredCallsOverTheCallPhase() {
		assertThat(run(2, 1, 10_000, 20_000, 0, 10, 40).operationsPerSecond()).isEqualTo(2_000.0);
	}

	@Test
	void quotesTheMedianOfTheRunsAndAddsUpTheirErrors() {
		String markdown = this.report.markdown(Path.of("docs/performance/runs"), Path.of("docs/performance"));

		// scenario 3 runs: 2,000, 2,500 and 1,600 ops/s; means 90, 80 and 100 ms
		assertThat(markdown).contains("| 3 | 100 + 100 | 1000 | 3 | 2,000 | 90.0 | 90 | 300 | 300 | 3 |");
	}

	@Test
	void setsOurFiguresBesideThePublishedOnesWithRatios() {
		String markdown = this.report.markdown(Path.of("docs/performance/runs"), Path.of("docs/performance"));

		// scenario 1: 500 ops/s against seed 002's 964 ops/s, 4 ms against its 2.03 ms
		assertThat(markdown).contains("| Python raw TCP sockets, one laptop (seed 002, PA1), mixed | 2.03 | 964 | 0.52× | 0.51× |");
	}

	@Test
	void saysWhichTargetsAreMissed() {
		String markdown = this.report.markdown(Path.of("docs/performance/runs"), Path.of("docs/performance"));

		assertThat(markdown).contains("| scenario 1: mean response time ≤ 2 ms | 4.00 ms | **no** |")
			.contains("| scenario 3: ≥ 3,000 operations/s | 2,000 ops/s | **no** |")
			.contains("| scenario 3: zero errors | 3 errors | **no** |");
	}

	@Test
	void judgesTheMeanTargetOnTheExactMeanNotGatlingsRoundedOne() {
		ScenarioRun gatlingSays2 = new ScenarioRun(1, 1, 1, 1000, 42, 4_000, Map.of(), "r/index.html",
				List.of(new OperationStats("All Requests", 2_000, 0, 0, 2, 2, 5, 9, 16, 2)), 2.35);

		String markdown = new BenchmarkReport(List.of(gatlingSays2), Map.of()).markdown(Path.of("runs"), Path.of("."));

		assertThat(markdown).contains("| scenario 1: mean response time ≤ 2 ms | 2.35 ms | **no** |")
			.contains("| 1 | 1 + 1 | 1000 | 1 | 500 | 2.35 | 2 | 5 | 9 | 0 |");
	}

	@Test
	void theCheckoutScenarioAtTwoSizesIsSummedUpPerSizeWithWhatAPurchaseCosts() {
		Map<String, Long> cpu = Map.of("buyer-service", 3_000L, "MariaDB", 1_000L, "Gatling", 500L);
		ScenarioRun small = checkoutRun(10, 10_000, 20_000, 3_000, cpu);
		ScenarioRun large = checkoutRun(100, 50_000, 200_000, 30_000, cpu);

		String markdown = new BenchmarkReport(List.of(large, small), Map.of()).markdown(Path.of("runs"), Path.of("."));

		assertThat(markdown).contains("| 4 | 10 + 10 |").contains("| 4 | 100 + 100 |")
			.contains("| figure | scenario 4 (10 + 10) | scenario 4 (100 + 100) |")
			// 3,000 purchases in 10 s, and 30,000 in 50 s
			.contains("| purchases per second | 300 | 600 |")
			// the marketplace's 4,000 ms of CPU over 3,000 and over 30,000 purchases; Gatling's left out
			.contains("| **CPU per purchase (ms): the marketplace** | **1.33** | **0.13** |")
			.contains("| CPU per purchase (ms): buyer-service | 1.00 | 0.10 |")
			.doesNotContain("CPU per purchase (ms): Gatling");
	}

	private static ScenarioRun checkoutRun(int clients, long phaseMillis, long requests, long purchases,
			Map<String, Long> cpuMillis) {
		return new ScenarioRun(4, 1, clients, 1000, 42, phaseMillis, new LinkedHashMap<>(cpuMillis),
				"../reports/scenario-4-" + clients + "-run-1/index.html",
				List.of(new OperationStats("All Requests", requests, 0, 0, 20, 20, 40, 60, 90, 20),
						new OperationStats("MakePurchase", purchases, 0, 0, 50, 50, 80, 120, 150, 55)),
				20);
	}

	@Test
	void saysWhichCommitWasMeasured() {
		String markdown = this.report.markdown(Path.of("docs/performance/runs"), Path.of("docs/performance"));

		assertThat(markdown).contains("- Code: 866a816 (the commit checked out");
	}

	@Test
	void saysHowTheServicesWereWarmedUp() {
		assertThat(markdownOfOneRunWith(Map.of("warmupCalls", "2000", "warmupRuns", "1"))).contains(
				"- Warm-up: 10 sellers + 10 buyers making 2000 calls each before the first scenario; then 1 run of "
						+ "each scenario, with its own clients and calls, before its measured runs; none of it recorded");
	}

	@Test
	void saysHowManyCallsEachScenarioWarmUpRunMadeAtLeast() {
		assertThat(markdownOfOneRunWith(Map.of("warmupCalls", "0", "warmupRuns", "2", "warmupRunCalls", "10000")))
			.contains(
				"- Warm-up: 2 runs of each scenario, with its own clients, each run making at least 10000 calls in all "
						+ "(more calls per client than measured where needed), before its measured runs; none of it recorded");
	}

	@Test
	void saysThatEachMeasuredRunWarmedUpBeforeItsMeasuredCalls() {
		assertThat(markdownOfOneRunWith(Map.of("warmupCalls", "0", "warmupRuns", "0", "inRunWarmupCalls", "2000")))
			.contains(
				"- Warm-up: in each measured run, at least 2000 calls in all by its clients once all have signed in, before "
						+ "their measured calls (Gatling's JVM is new in every run); none of it recorded\n");
	}

	@Test
	void saysFromHowManyCallsARunsGatlingHadBothJitCompilers() {
		assertThat(markdownOfOneRunWith(Map.of("gatlingBothCompilersFromCalls", "100000"))).contains(
				"- Gatling's JVM: C1 alone in runs of fewer than 100000 calls in all, C1 and C2 in longer ones (a new JVM "
						+ "in every run: in a short one, C2's compiling costs more than its code saves)\n");
	}

	@Test
	void saysWhenNothingWasWarmedUp() {
		assertThat(markdownOfOneRunWith(Map.of("warmupCalls", "0", "warmupRuns", "0"))).contains("- Warm-up: none\n");
	}

	@Test
	void namesEachRunsHtmlReportWithoutLinkingToWhatIsNotCommitted() {
		String markdown = this.report.markdown(Path.of("docs/performance/runs"), Path.of("docs/performance"));

		assertThat(markdown).contains("| `reports/scenario-3-run-2/index.html` |").doesNotContain("](reports/");
	}

	@Test
	void saysThePublishedFiguresAreNotSideBySideResults() {
		String markdown = this.report.markdown(Path.of("docs/performance/runs"), Path.of("docs/performance"));

		assertThat(markdown).contains("on other machines (cloud VMs, a laptop) with other load generators")
			.contains("not a side-by-side result");
	}

	@Test
	void writesOneCsvLinePerRunAndOperation() {
		assertThat(this.report.csv().lines()).hasSize(1 + 5 * 2)
			.contains("2,10,1000,1,42,\"All Requests\",20000,0,10,10,40,40,40,2000.0");
	}

	@Test
	void reportsCpuPerCallByProcessWithTotalsAndTheThroughputTheCoresAllow() {
		BenchmarkReport measured = new BenchmarkReport(List.of(
				run(2, 1, 10_000, 20_000, 0, 10, 40,
						cpu("customer-db-service", 14_000, "MariaDB", 20_000, "Gatling", 6_000)),
				run(2, 2, 10_000, 20_000, 0, 10, 40,
						cpu("customer-db-service", 16_000, "MariaDB", 24_000, "Gatling", 10_000))),
				Map.of());
		int cores = Runtime.getRuntime().availableProcessors();

		String markdown = measured.markdown(Path.of("docs/performance/runs"), Path.of("docs/performance"));

		// per call, the median of the two runs: 0.70 and 0.80, 1.00 and 1.20, 0.30 and 0.50 ms
		assertThat(markdown).contains("| process | scenario 2 |")
			.contains("| customer-db-service | 0.75 |")
			.contains("| MariaDB | 1.10 |")
			.contains("| **the marketplace (the processes above)** | **1.85** |")
			.contains("| Gatling (the load generator) | 0.40 |")
			.contains("| **everything measured** | **2.25** |")
			.contains(String.format(Locale.ROOT, "| cores kept busy by everything measured | %.0f%% |",
					100 * 45_000.0 / (cores * 10_000)))
			.contains("| throughput the cores allow at this cost (ops/s) | " + Chart.label(cores * 1000 / 2.25) + " |");
		assertThat(measured.json()).contains("\"cpuMillis\": {\"customer-db-service\": 14000, \"MariaDB\": 20000, \"Gatling\": 6000}");
	}

	@Test
	void leavesCpuPerCallOutWhenNoRunMeasuredIt() {
		String markdown = this.report.markdown(Path.of("docs/performance/runs"), Path.of("docs/performance"));

		assertThat(markdown).doesNotContain("## CPU per call");
	}

	private static Map<String, Long> cpu(String first, long firstMillis, String second, long secondMillis, String third,
			long thirdMillis) {
		Map<String, Long> millis = new LinkedHashMap<>();
		millis.put(first, firstMillis);
		millis.put(second, secondMillis);
		millis.put(third, thirdMillis);
		return millis;
	}

	@Test
	void drawsABarForUsAndEveryPublishedImplementationInEveryScenario() {
		String svg = Chart.svg(List.of(new ScenarioSummary(1, List.of(run(1, 1, 4_000, 2_000, 0, 4, 9)))));

		assertThat(svg).startsWith("<svg").contains("scenario 1 (1+1)");
		assertThat(svg.split("<rect x=").length - 1).as("bars in two panels plus legend boxes")
			.isEqualTo(2 * (1 + PublishedFigures.ALL.size()) + (1 + PublishedFigures.ALL.size()));
	}

	@Test
	void chartsOnlyTheScenariosThePublishedFiguresCover() {
		String svg = Chart.svg(List.of(new ScenarioSummary(1, List.of(run(1, 1, 4_000, 2_000, 0, 4, 9))),
				new ScenarioSummary(4, List.of(run(4, 1, 10_000, 20_000, 0, 40, 90)))));

		assertThat(svg).contains("scenario 1 (1+1)").doesNotContain("scenario 4");
	}

	/** The report of one scenario-1 run, benchmarked with these parameters. */
	private static String markdownOfOneRunWith(Map<String, String> parameters) {
		return new BenchmarkReport(List.of(run(1, 1, 4_000, 2_000, 0, 4, 9)), parameters).markdown(Path.of("runs"),
				Path.of("."));
	}

}
