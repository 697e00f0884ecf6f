package dev.marketplace.perf.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * {@code ./marketplace bench --baseline}'s verdict: the same benchmark run on a baseline commit
 * and on the current code alternately (baseline, current, current, baseline, ...), each leg from
 * an empty database, and every figure as a ratio, current over baseline, of the medians over the
 * legs, with the spread of the ratios of the legs run next to each other. Ratios from one run
 * are the only speed claims this repository makes: the machine's speed moves from hour to hour.
 */
public final class BaselineComparison {

	/** One figure of a scenario summary, and whether less of it is better. */
	private record Figure(String name, ToDoubleFunction<ScenarioSummary> value, boolean lowerIsBetter) {
	}

	private static final List<Figure> FIGURES = List.of(
			new Figure("throughput (ops/s)", ScenarioSummary::operationsPerSecond, false),
			new Figure("mean (ms)", ScenarioSummary::meanMillis, true),
			new Figure("p99 (ms)", (summary) -> summary.all().p99(), true),
			new Figure("CPU per call, the marketplace (ms)",
					(summary) -> summary.cpuMillisPerCall(marketplace(summary)), true),
			new Figure("CPU per purchase, the marketplace (ms)",
					(summary) -> (summary.scenario() == BenchmarkReport.CHECKOUT_SCENARIO)
							? summary.cpuMillisPer(BenchmarkReport.MAKE_PURCHASE, marketplace(summary)) : Double.NaN,
					true));

	/** Each leg's summaries by scenario name, in the order the legs ran. */
	private final List<Map<String, ScenarioSummary>> baseline = new ArrayList<>();

	private final List<Map<String, ScenarioSummary>> current = new ArrayList<>();

	/** Each leg's runs, the legs in the order they ran. */
	BaselineComparison(List<List<ScenarioRun>> baselineLegs, List<List<ScenarioRun>> currentLegs) {
		baselineLegs.forEach((leg) -> this.baseline.add(summaries(leg)));
		currentLegs.forEach((leg) -> this.current.add(summaries(leg)));
		if (this.baseline.isEmpty() || this.baseline.size() != this.current.size()) {
			throw new IllegalArgumentException("as many baseline legs as current ones, at least one of each");
		}
	}

	/**
	 * usage: BaselineComparison output.md baseline-label current-label leg-folder... where each
	 * leg folder is named baseline-N or current-N and holds the runs folder bench writes.
	 */
	public static void main(String[] args) throws IOException {
		if (args.length < 5) {
			System.err.println("usage: BaselineComparison <output.md> <baseline> <current> <leg folder>...");
			System.exit(2);
		}
		List<List<ScenarioRun>> baselineLegs = new ArrayList<>();
		List<List<ScenarioRun>> currentLegs = new ArrayList<>();
		for (int i = 3; i < args.length; i++) {
			Path leg = Path.of(args[i]);
			(leg.getFileName().toString().startsWith("baseline") ? baselineLegs : currentLegs).add(runs(leg));
		}
		String markdown = new BaselineComparison(baselineLegs, currentLegs).markdown(args[1], args[2]);
		Files.writeString(Path.of(args[0]), markdown);
		System.out.print(markdown);
	}

	String markdown(String baselineLabel, String currentLabel) {
		StringBuilder md = new StringBuilder();
		md.append("# Against the baseline\n\n");
		md.append(String.format(Locale.ROOT,
				"Current code (%s) over the baseline (%s): %d legs of each, run alternately from an empty database. "
						+ "Each figure is the median over its legs; the ratio is current over baseline (below 1: "
						+ "current is lower), with the lowest and highest ratio of the legs run next to each other.%n%n",
				currentLabel, baselineLabel, this.current.size()));
		md.append("| scenario | figure | baseline | current | ratio | spread |\n|---|---|---|---|---|---|\n");
		for (String scenario : this.current.get(0).keySet()) {
			if (!this.baseline.stream().allMatch((leg) -> leg.containsKey(scenario))
					|| !this.current.stream().allMatch((leg) -> leg.containsKey(scenario))) {
				continue;
			}
			for (Figure figure : FIGURES) {
				double[] before = values(this.baseline, scenario, figure);
				double[] after = values(this.current, scenario, figure);
				if (Double.isNaN(before[0])) {
					continue;
				}
				double low = Double.POSITIVE_INFINITY;
				double high = Double.NEGATIVE_INFINITY;
				for (int leg = 0; leg < before.length; leg++) {
					double ratio = after[leg] / before[leg];
					low = Math.min(low, ratio);
					high = Math.max(high, ratio);
				}
				double medianBefore = median(before);
				double medianAfter = median(after);
				md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | **%.2f** | %.2f–%.2f |%n", scenario,
						figure.name(), Chart.label(medianBefore), Chart.label(medianAfter), medianAfter / medianBefore,
						low, high));
			}
			md.append(String.format(Locale.ROOT, "| %s | errors, all legs | %d | %d | | |%n", scenario,
					errors(this.baseline, scenario), errors(this.current, scenario)));
		}
		return md.toString();
	}

	private static double[] values(List<Map<String, ScenarioSummary>> legs, String scenario, Figure figure) {
		return legs.stream().mapToDouble((leg) -> figure.value().applyAsDouble(leg.get(scenario))).toArray();
	}

	private static long errors(List<Map<String, ScenarioSummary>> legs, String scenario) {
		return legs.stream().mapToLong((leg) -> leg.get(scenario).errors()).sum();
	}

	private static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	private static List<String> marketplace(ScenarioSummary summary) {
		return summary.cpuProcesses().stream().filter((process) -> !process.equals(BenchmarkReport.LOAD_GENERATOR)).toList();
	}

	private static List<ScenarioRun> runs(Path leg) {
		try (Stream<Path> files = Files.list(leg.resolve("runs"))) {
			return files.filter((file) -> file.toString().endsWith(".properties")).sorted().map(ScenarioRun::read).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the runs of " + leg, ex);
		}
	}

	private static Map<String, ScenarioSummary> summaries(List<ScenarioRun> runs) {
		Map<String, ScenarioSummary> byName = new LinkedHashMap<>();
		new BenchmarkReport(runs, Map.of()).scenarios().forEach((summary) -> byName.put(summary.name(), summary));
		return byName;
	}

}
