package dev.marketplace.perf.report;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/** A scenario's runs summed up: the median of each figure over the runs, errors added up. */
public record ScenarioSummary(int scenario, List<ScenarioRun> runs) {

	public ScenarioSummary {
		if (runs.isEmpty()) {
			throw new IllegalArgumentException("scenario " + scenario + " has no runs");
		}
	}

	/** The scenario's number, with its clients where one scenario runs at several sizes (4). */
	public String name() {
		return (this.scenario == BenchmarkReport.CHECKOUT_SCENARIO)
				? this.scenario + " (" + clients() + " + " + clients() + ")" : String.valueOf(this.scenario);
	}

	public int clients() {
		return this.runs.get(0).clients();
	}

	public int callsPerClient() {
		return this.runs.get(0).callsPerClient();
	}

	public double operationsPerSecond() {
		return median(this.runs, ScenarioRun::operationsPerSecond);
	}

	public double meanMillis() {
		return median(this.runs, ScenarioRun::meanMillis);
	}

	public OperationStats all() {
		return operation(GatlingReport.ALL_REQUESTS);
	}

	/** The processes whose CPU every run measured, in the order they were measured. */
	public List<String> cpuProcesses() {
		return this.runs.get(0)
			.cpuMillis()
			.keySet()
			.stream()
			.filter((process) -> this.runs.stream().allMatch((run) -> run.cpuMillis().containsKey(process)))
			.toList();
	}

	/** CPU milliseconds the given processes used together per measured call: the median over the runs. */
	public double cpuMillisPerCall(Collection<String> processes) {
		return median(this.runs, (run) -> run.cpuMillisPerCall(processes));
	}

	/** The share of the cores the given processes kept busy: the median over the runs. */
	public double coresBusy(Collection<String> processes, int cores) {
		return median(this.runs, (run) -> run.coresBusy(processes, cores));
	}

	/** Calls of the operation per second of the call phase: the median over the runs. */
	public double perSecond(String operation) {
		return median(this.runs, (run) -> run.perSecond(operation));
	}

	/** CPU milliseconds the processes used together per call of the operation: the median over the runs. */
	public double cpuMillisPer(String operation, Collection<String> processes) {
		return median(this.runs, (run) -> run.cpuMillisPer(operation, processes));
	}

	public long errors() {
		return this.runs.stream().mapToLong((run) -> run.all().failed()).sum();
	}

	/** Operation names in the order the first run's report lists them, "All Requests" left out. */
	public Set<String> operationNames() {
		Set<String> names = new LinkedHashSet<>();
		this.runs.forEach((run) -> run.operations()
			.stream()
			.map(OperationStats::operation)
			.filter((name) -> !name.equals(GatlingReport.ALL_REQUESTS))
			.forEach(names::add));
		return names;
	}

	/** The operation's figures: the median over the runs, requests and failures added up. */
	public OperationStats operation(String name) {
		List<OperationStats> rows = this.runs.stream()
			.flatMap((run) -> run.operations().stream())
			.filter((stats) -> stats.operation().equals(name))
			.toList();
		return new OperationStats(name, rows.stream().mapToLong(OperationStats::requests).sum(),
				rows.stream().mapToLong(OperationStats::failed).sum(), medianLong(rows, OperationStats::min),
				medianLong(rows, OperationStats::p50), medianLong(rows, OperationStats::p75),
				medianLong(rows, OperationStats::p95), medianLong(rows, OperationStats::p99),
				medianLong(rows, OperationStats::max), medianLong(rows, OperationStats::mean));
	}

	static <T> double median(List<T> values, ToDoubleFunction<T> figure) {
		double[] sorted = values.stream().mapToDouble(figure).sorted().toArray();
		if (sorted.length == 0) {
			return 0;
		}
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	private static long medianLong(List<OperationStats> rows, ToDoubleFunction<OperationStats> figure) {
		return Math.round(median(rows, figure));
	}

}
