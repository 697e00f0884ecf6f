package dev.marketplace.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes docs/performance from the runs {@code ./marketplace bench} recorded: README.md (the
 * figures, the published ones beside them with ratios, the targets, per-operation tables and
 * where each run's HTML report was written), results.csv and results.json (every run, every operation) and
 * throughput-latency.svg.
 *
 * <pre>
 * BenchmarkReport &lt;runs folder&gt; &lt;output folder&gt; jdk=... database=... command=... code=...
 * </pre>
 */
public final class BenchmarkReport {

	static final String CHART = "throughput-latency.svg";

	/** The name the simulation gives its own process among the measured ones. */
	public static final String LOAD_GENERATOR = "Gatling";

	/** The scenario whose buyers also buy (MARKETPLACE.md's scenarios are 1 to 3). */
	public static final int CHECKOUT_SCENARIO = 4;

	/** The name the simulations give MakePurchase's requests. */
	public static final String MAKE_PURCHASE = "MakePurchase";

	private final List<ScenarioSummary> scenarios;

	private final Map<String, String> machine;

	BenchmarkReport(List<ScenarioRun> runs, Map<String, String> machine) {
		// By scenario, then by size: scenario 4 runs with 10 + 10 and with 100 + 100 clients.
		Map<List<Integer>, List<ScenarioRun>> byScenario = new TreeMap<>(
				Comparator.<List<Integer>>comparingInt((key) -> key.get(0)).thenComparingInt((key) -> key.get(1)));
		runs.forEach((run) -> byScenario.computeIfAbsent(List.of(run.scenario(), run.clients()), (key) -> new ArrayList<>())
			.add(run));
		this.scenarios = byScenario.entrySet()
			.stream()
			.map((entry) -> new ScenarioSummary(entry.getKey().get(0), entry.getValue()))
			.toList();
		this.machine = machine;
	}

	List<ScenarioSummary> scenarios() {
		return this.scenarios;
	}

	public static void main(String[] args) throws IOException {
		if (args.length < 2) {
			System.err.println("usage: BenchmarkReport <runs folder> <output folder> [key=value ...]");
			System.exit(2);
		}
		Path runsFolder = Path.of(args[0]);
		Path output = Path.of(args[1]);
		Map<String, String> machine = new HashMap<>();
		for (int i = 2; i < args.length; i++) {
			String[] pair = args[i].split("=", 2);
			machine.put(pair[0], (pair.length > 1) ? pair[1] : "");
		}
		List<ScenarioRun> runs;
		try (Stream<Path> files = Files.list(runsFolder)) {
			runs = files.filter((file) -> file.toString().endsWith(".properties")).sorted().map(ScenarioRun::read).toList();
		}
		if (runs.isEmpty()) {
			throw new IllegalArgumentException("No runs (*.properties) in " + runsFolder);
		}
		BenchmarkReport report = new BenchmarkReport(runs, machine);
		Files.createDirectories(output);
		Files.writeString(output.resolve("README.md"), report.markdown(runsFolder, output));
		Files.writeString(output.resolve("results.csv"), report.csv());
		Files.writeString(output.resolve("results.json"), report.json());
		Files.writeString(output.resolve(CHART), Chart.svg(report.scenarios));
		System.out.println("Wrote " + output.resolve("README.md") + ", results.csv, results.json and " + CHART);
	}

	String markdown(Path runsFolder, Path output) {
		StringBuilder md = new StringBuilder();
		md.append("# Performance\n\n");
		md.append("Written by `./marketplace bench` on ")
			.append(ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")))
			.append("; run it again to replace this page. How the marketplace is made fast, and what was tried and ")
			.append("rejected, is in [design.md](design.md).\n\n");
		md.append("## How it was measured\n\n");
		md.append("- Command: `").append(this.machine.getOrDefault("command", "./marketplace bench")).append("`\n");
		md.append("- Code: ").append(this.machine.getOrDefault("code", "not recorded"))
			.append(" (the commit checked out where the command ran)\n");
		md.append("- Warm-up: ").append(warmUp()).append('\n');
		md.append("- Machine: ").append(Runtime.getRuntime().availableProcessors())
			.append(" CPU cores, shared by the five services, the database and Gatling\n");
		md.append("- Services' JDK: ").append(this.machine.getOrDefault("jdk", "not recorded")).append('\n');
		md.append("- Database: ").append(this.machine.getOrDefault("database", "not recorded")).append('\n');
		md.append("- Load: Gatling 3.15, closed model, N sellers + N buyers started together; each creates an account ")
			.append("and logs in (not measured), issues its calls back to back with MARKETPLACE.md's operation mix ")
			.append("(seeded), then logs out (not measured).\n");
		String bothCompilersFrom = this.machine.get("gatlingBothCompilersFromCalls");
		if (bothCompilersFrom != null) {
			md.append("- Gatling's JVM: C1 alone in runs of fewer than ").append(bothCompilersFrom)
				.append(" calls in all, C1 and C2 in longer ones (a new JVM in every run: in a short one, C2's compiling ")
				.append("costs more than its code saves)\n");
		}
		md.append("- Throughput: measured calls completed per second of the call phase (first client's first call ")
			.append("to last client's last). Response times: Gatling's, whole milliseconds, except a scenario's mean, ")
			.append("which is exact wherever its responses lie within 100 ms of each other (read from the report's ")
			.append("response-time distribution, one column per millisecond). Each figure is the median over the runs; ")
			.append("errors are added up.\n\n");
		md.append("## Results\n\n");
		md.append("| scenario | clients | calls per client | runs | throughput (ops/s) | mean (ms) | p50 | p95 | p99 | errors |\n");
		md.append("|---|---|---|---|---|---|---|---|---|---|\n");
		for (ScenarioSummary scenario : this.scenarios) {
			OperationStats all = scenario.all();
			md.append(String.format(Locale.ROOT, "| %d | %d + %d | %d | %d | %s | %s | %d | %d | %d | %d |%n",
					scenario.scenario(), scenario.clients(), scenario.clients(), scenario.callsPerClient(),
					scenario.runs().size(), Chart.label(scenario.operationsPerSecond()), Chart.label(scenario.meanMillis()),
					all.p50(), all.p95(), all.p99(), scenario.errors()));
		}
		md.append("\n![Throughput and mean response time per scenario, against the published figures](")
			.append(CHART)
			.append(")\n\n");
		md.append("## Against the published figures\n\n");
		md.append("Ratios: how many times our throughput is theirs, and how many times lower our mean response ")
			.append("time is (above 1 means we are ahead). The published figures were measured by other ")
			.append("implementations on other machines (cloud VMs, a laptop) with other load generators, so a ratio ")
			.append("is an order of magnitude, not a side-by-side result. What a reader can reproduce is the CPU ")
			.append("each call costs on this machine (CPU per call, below).\n\n");
		for (ScenarioSummary scenario : this.scenarios) {
			md.append(String.format(Locale.ROOT, "### Scenario %d (sellers + buyers: %d + %d)%n%n", scenario.scenario(),
					scenario.clients(), scenario.clients()));
			md.append("| implementation | mean (ms) | throughput (ops/s) | our throughput ratio | our latency ratio |\n");
			md.append("|---|---|---|---|---|\n");
			md.append(String.format(Locale.ROOT, "| **this marketplace** | **%s** | **%s** | | |%n",
					Chart.label(scenario.meanMillis()), Chart.label(scenario.operationsPerSecond())));
			if (PublishedFigures.cover(scenario.scenario())) {
				for (PublishedFigures.Implementation published : PublishedFigures.ALL) {
					double theirMean = published.meanMillis(scenario.scenario());
					double theirRate = published.operationsPerSecond(scenario.scenario());
					md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s× | %s× |%n", published.name(),
							Chart.label(theirMean), Chart.label(theirRate),
							Chart.label(scenario.operationsPerSecond() / theirRate),
							Chart.label(theirMean / Math.max(scenario.meanMillis(), 0.5))));
				}
			}
			md.append('\n');
		}
		md.append("## Targets of the performance pass\n\n");
		md.append("| target | measured | met |\n|---|---|---|\n");
		scenario(1).ifPresent((s) -> target(md, "scenario 1: mean response time ≤ 2 ms",
				Chart.label(s.meanMillis()) + " ms", s.meanMillis() <= 2));
		scenario(2).ifPresent((s) -> target(md, "scenario 2: ≥ 3,000 operations/s",
				Chart.label(s.operationsPerSecond()) + " ops/s", s.operationsPerSecond() >= 3000));
		scenario(3).ifPresent((s) -> {
			target(md, "scenario 3: ≥ 3,000 operations/s", Chart.label(s.operationsPerSecond()) + " ops/s",
					s.operationsPerSecond() >= 3000);
			target(md, "scenario 3: zero errors", s.errors() + " errors", s.errors() == 0);
			target(md, "scenario 3: p99 ≤ 250 ms", s.all().p99() + " ms", s.all().p99() <= 250);
		});
		md.append("\nHeap and leak checks are in [design.md](design.md).\n\n");
		cpuPerCall(md);
		checkout(md);
		md.append("## Per operation\n\n");
		for (ScenarioSummary scenario : this.scenarios) {
			md.append(String.format(Locale.ROOT, "### Scenario %s%n%n", scenario.name()));
			md.append("| operation | requests | errors | mean (ms) | p50 | p95 | p99 | max |\n|---|---|---|---|---|---|---|---|\n");
			for (String name : scenario.operationNames()) {
				OperationStats stats = scenario.operation(name);
				md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d | %d |%n", name,
						stats.requests(), stats.failed(), stats.mean(), stats.p50(), stats.p95(), stats.p99(),
						stats.max()));
			}
			md.append('\n');
		}
		md.append("## Runs and their Gatling reports\n\n");
		md.append("Each run's HTML report stays where the benchmark ran, under the output folder's git-ignored ")
			.append("`reports/`; the figures on this page are what is kept.\n\n");
		md.append("| scenario | run | seed | call phase (s) | throughput (ops/s) | mean (ms) | errors | HTML report |\n");
		md.append("|---|---|---|---|---|---|---|---|\n");
		for (ScenarioSummary scenario : this.scenarios) {
			for (ScenarioRun run : scenario.runs()) {
				String report = output.relativize(runsFolder.resolve(run.report()).normalize()).toString().replace('\\', '/');
				md.append(String.format(Locale.ROOT, "| %s | %d | %d | %.1f | %s | %s | %d | `%s` |%n", scenario.name(),
						run.run(), run.seed(), run.callPhaseMillis() / 1000.0, Chart.label(run.operationsPerSecond()),
						Chart.label(run.meanMillis()), run.all().failed(), report));
			}
		}
		return md.toString();
	}

	/**
	 * CPU milliseconds per call by process, and the throughput the cores could reach at that
	 * cost: the figure that says how far a target is, whatever the machine's speed that hour.
	 */
	private void cpuPerCall(StringBuilder md) {
		List<String> processes = this.scenarios.stream()
			.flatMap((scenario) -> scenario.cpuProcesses().stream())
			.distinct()
			.toList();
		if (processes.isEmpty()) {
			return;
		}
		int cores = Runtime.getRuntime().availableProcessors();
		md.append("## CPU per call\n\n");
		md.append("CPU time each process used during the call phase (user + system, from `/proc/<pid>/stat`), ")
			.append("divided by the calls measured in it; milliseconds, the median over the runs. Where the cores are ")
			.append("busy all the time, the total sets the throughput: ")
			.append(cores)
			.append(" cores give ")
			.append(Chart.label(cores * 1000.0))
			.append(" ms of CPU per second, so 3,000 operations per second leave ")
			.append(String.format(Locale.ROOT, "%.2f", cores * 1000.0 / 3000))
			.append(" ms per call for everything on the machine. Where they are not, the figures also hold what the ")
			.append("processes do in the background, spread over fewer calls, and the last row is only what that ")
			.append("cost would allow.\n\n");
		md.append("| process |");
		this.scenarios.forEach((scenario) -> md.append(" scenario ").append(scenario.name()).append(" |"));
		md.append("\n|---|").append("---|".repeat(this.scenarios.size())).append('\n');
		List<String> marketplace = processes.stream()
			.filter((process) -> !process.equals(LOAD_GENERATOR))
			.toList();
		for (String process : marketplace) {
			cpuRow(md, process, List.of(process), false);
		}
		cpuRow(md, "the marketplace (the processes above)", marketplace, true);
		if (processes.contains(LOAD_GENERATOR)) {
			cpuRow(md, LOAD_GENERATOR + " (the load generator)", List.of(LOAD_GENERATOR), false);
			cpuRow(md, "everything measured", processes, true);
		}
		md.append("| cores kept busy by everything measured |");
		for (ScenarioSummary scenario : this.scenarios) {
			md.append(' ')
				.append(String.format(Locale.ROOT, "%.0f%%", 100 * scenario.coresBusy(processes, cores)))
				.append(" |");
		}
		md.append("\n| throughput the cores allow at this cost (ops/s) |");
		for (ScenarioSummary scenario : this.scenarios) {
			double perCall = scenario.cpuMillisPerCall(processes);
			md.append(' ').append((perCall > 0) ? Chart.label(cores * 1000.0 / perCall) : "").append(" |");
		}
		md.append("\n\n");
	}

	/**
	 * Scenario 4, whose buyers also buy: what a purchase costs, with the CPU of every call of the
	 * run counted against its purchases (the one operation that crosses all five services).
	 */
	private void checkout(StringBuilder md) {
		List<ScenarioSummary> checkouts = this.scenarios.stream()
			.filter((scenario) -> scenario.scenario() == CHECKOUT_SCENARIO)
			.toList();
		if (checkouts.isEmpty()) {
			return;
		}
		md.append("## Checkout (scenario 4)\n\n");
		md.append("The sellers' mix, and buyers who also buy: SearchItemsForSale 20%, GetItem 15%, AddItemToCart 20%, ")
			.append("DisplayCart 15%, ClearCart 5%, MakePurchase 15% (with an Idempotency-Key, after carting one item, ")
			.append("not counted as a call), GetSellerRating 10%. A declined payment (402) is an answered call. After ")
			.append("each run `./marketplace books` checked that no payment was left authorised, that captured payments ")
			.append("equal recorded purchases in number and amount, and that units sold equal units taken from stock. ")
			.append("CPU per purchase is all the CPU the process used in the call phase over the purchases made in it.\n\n");
		md.append("| figure |");
		checkouts.forEach((scenario) -> md.append(" scenario ").append(scenario.name()).append(" |"));
		md.append("\n|---|").append("---|".repeat(checkouts.size())).append('\n');
		checkoutRow(md, "purchases per second", checkouts, (scenario) -> Chart.label(scenario.perSecond(MAKE_PURCHASE)));
		checkoutRow(md, "MakePurchase mean / p95 / p99 (ms)", checkouts, (scenario) -> {
			OperationStats purchases = scenario.operation(MAKE_PURCHASE);
			return purchases.mean() + " / " + purchases.p95() + " / " + purchases.p99();
		});
		List<String> marketplace = checkouts.get(0)
			.cpuProcesses()
			.stream()
			.filter((process) -> !process.equals(LOAD_GENERATOR))
			.toList();
		for (String process : marketplace) {
			checkoutRow(md, "CPU per purchase (ms): " + process, checkouts, (scenario) -> String.format(Locale.ROOT,
					"%.2f", scenario.cpuMillisPer(MAKE_PURCHASE, List.of(process))));
		}
		checkoutRow(md, "**CPU per purchase (ms): the marketplace**", checkouts, (scenario) -> String
			.format(Locale.ROOT, "**%.2f**", scenario.cpuMillisPer(MAKE_PURCHASE, marketplace)));
		md.append('\n');
	}

	private static void checkoutRow(StringBuilder md, String label, List<ScenarioSummary> checkouts,
			Function<ScenarioSummary, String> figure) {
		md.append("| ").append(label).append(" |");
		checkouts.forEach((scenario) -> md.append(' ').append(figure.apply(scenario)).append(" |"));
		md.append('\n');
	}

	private void cpuRow(StringBuilder md, String label, List<String> processes, boolean bold) {
		String mark = bold ? "**" : "";
		md.append("| ").append(mark).append(label).append(mark).append(" |");
		for (ScenarioSummary scenario : this.scenarios) {
			boolean measured = scenario.cpuProcesses().containsAll(processes);
			md.append(' ')
				.append(measured ? mark + String.format(Locale.ROOT, "%.2f", scenario.cpuMillisPerCall(processes)) + mark
						: "")
				.append(" |");
		}
		md.append('\n');
	}

	private String warmUp() {
		String calls = this.machine.getOrDefault("warmupCalls", "0");
		String runs = this.machine.getOrDefault("warmupRuns", "0");
		String runCalls = this.machine.getOrDefault("warmupRunCalls", "0");
		String inRunCalls = this.machine.getOrDefault("inRunWarmupCalls", "0");
		List<String> parts = new ArrayList<>();
		if (!calls.equals("0")) {
			parts.add("10 sellers + 10 buyers making " + calls + " calls each before the first scenario");
		}
		if (!runs.equals("0")) {
			String shape = runCalls.equals("0") ? "with its own clients and calls"
					: "with its own clients, each run making at least " + runCalls
							+ " calls in all (more calls per client than measured where needed)";
			parts.add(runs + (runs.equals("1") ? " run" : " runs") + " of each scenario, " + shape
					+ ", before its measured runs");
		}
		if (!inRunCalls.equals("0")) {
			parts.add("in each measured run, at least " + inRunCalls + " calls in all by its clients once all have signed in, "
					+ "before their measured calls (Gatling's JVM is new in every run)");
		}
		return parts.isEmpty() ? "none" : String.join("; then ", parts) + "; none of it recorded";
	}

	String csv() {
		StringBuilder csv = new StringBuilder(
				"scenario,clients,calls_per_client,run,seed,operation,requests,errors,mean_ms,p50_ms,p95_ms,p99_ms,max_ms,throughput_ops_per_s\n");
		for (ScenarioSummary scenario : this.scenarios) {
			for (ScenarioRun run : scenario.runs()) {
				for (OperationStats stats : run.operations()) {
					String throughput = stats.operation().equals(GatlingReport.ALL_REQUESTS)
							? String.format(Locale.ROOT, "%.1f", run.operationsPerSecond()) : "";
					csv.append(String.format(Locale.ROOT, "%d,%d,%d,%d,%d,\"%s\",%d,%d,%d,%d,%d,%d,%d,%s%n",
							run.scenario(), run.clients(), run.callsPerClient(), run.run(), run.seed(), stats.operation(),
							stats.requests(), stats.failed(), stats.mean(), stats.p50(), stats.p95(), stats.p99(),
							stats.max(), throughput));
				}
			}
		}
		return csv.toString();
	}

	String json() {
		List<String> scenarios = new ArrayList<>();
		for (ScenarioSummary scenario : this.scenarios) {
			List<String> runs = new ArrayList<>();
			for (ScenarioRun run : scenario.runs()) {
				String operations = run.operations()
					.stream()
					.map(BenchmarkReport::json)
					.collect(Collectors.joining(",\n        ", "[\n        ", "\n      ]"));
				runs.add(String.format(Locale.ROOT,
						"{\"run\": %d, \"seed\": %d, \"callPhaseMillis\": %d, \"operationsPerSecond\": %.1f, \"meanMillis\": %.2f, \"report\": %s,%n      \"cpuMillis\": %s,%n      \"operations\": %s}",
						run.run(), run.seed(), run.callPhaseMillis(), run.operationsPerSecond(), run.meanMillis(),
						quote(run.report()),
						run.cpuMillis()
							.entrySet()
							.stream()
							.map((entry) -> quote(entry.getKey()) + ": " + entry.getValue())
							.collect(Collectors.joining(", ", "{", "}")),
						operations));
			}
			scenarios.add(String.format(Locale.ROOT,
					"{\"scenario\": %d, \"clients\": %d, \"callsPerClient\": %d, \"medianOperationsPerSecond\": %.1f, \"medianMeanMillis\": %.2f, \"errors\": %d,%n    \"runs\": [%n      %s]}",
					scenario.scenario(), scenario.clients(), scenario.callsPerClient(), scenario.operationsPerSecond(),
					scenario.meanMillis(), scenario.errors(), String.join(",\n      ", runs)));
		}
		String machine = this.machine.entrySet()
			.stream()
			.sorted(Map.Entry.comparingByKey())
			.map((entry) -> quote(entry.getKey()) + ": " + quote(entry.getValue()))
			.collect(Collectors.joining(", "));
		return String.format(Locale.ROOT, "{\"cpuCores\": %d, %s,%n  \"scenarios\": [%n    %s]}%n",
				Runtime.getRuntime().availableProcessors(), machine, String.join(",\n    ", scenarios));
	}

	private static String json(OperationStats stats) {
		return String.format(Locale.ROOT,
				"{\"operation\": %s, \"requests\": %d, \"errors\": %d, \"meanMillis\": %d, \"p50Millis\": %d, \"p95Millis\": %d, \"p99Millis\": %d, \"maxMillis\": %d}",
				quote(stats.operation()), stats.requests(), stats.failed(), stats.mean(), stats.p50(), stats.p95(),
				stats.p99(), stats.max());
	}

	private static String quote(String text) {
		return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
	}

	private Optional<ScenarioSummary> scenario(int number) {
		return this.scenarios.stream().filter((summary) -> summary.scenario() == number).findFirst();
	}

	private static void target(StringBuilder md, String target, String measured, boolean met) {
		md.append("| ").append(target).append(" | ").append(measured).append(" | ").append(met ? "yes" : "**no**").append(" |\n");
	}

}
