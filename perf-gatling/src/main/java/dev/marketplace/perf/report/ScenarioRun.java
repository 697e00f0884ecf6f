package dev.marketplace.perf.report;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One run of one scenario: what the simulation recorded about its call phase (a properties
 * file: its length and the CPU milliseconds each measured process used during it) and the
 * statistics of its Gatling report.
 * @param meanMillis the mean response time of all measured requests, as {@link GatlingReport.Page} has it
 */
public record ScenarioRun(int scenario, int run, int clients, int callsPerClient, long seed, long callPhaseMillis,
		Map<String, Long> cpuMillis, String report, List<OperationStats> operations, double meanMillis) {

	/** Reads a run file; its {@code report} entry is the report's index.html, relative to the file. */
	public static ScenarioRun read(Path runFile) {
		Properties properties = new Properties();
		try (Reader reader = Files.newBufferedReader(runFile)) {
			properties.load(reader);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + runFile, ex);
		}
		String report = required(properties, "report", runFile);
		long phase = Long.parseLong(required(properties, "callPhaseEndMillis", runFile))
				- Long.parseLong(required(properties, "callPhaseStartMillis", runFile));
		GatlingReport.Page page = GatlingReport.read(runFile.resolveSibling(report));
		return new ScenarioRun(Integer.parseInt(required(properties, "scenario", runFile)),
				Integer.parseInt(required(properties, "run", runFile)),
				Integer.parseInt(required(properties, "clients", runFile)),
				Integer.parseInt(required(properties, "callsPerClient", runFile)),
				Long.parseLong(required(properties, "seed", runFile)), phase, cpuMillis(properties), report,
				page.operations(), page.meanMillis());
	}

	/** In the order the simulation measured them; none in run files written without /proc. */
	private static Map<String, Long> cpuMillis(Properties properties) {
		Map<String, Long> millis = new LinkedHashMap<>();
		Arrays.stream(properties.getProperty("cpuProcesses", "").split(","))
			.filter((name) -> !name.isBlank())
			.forEach((name) -> millis.put(name, Long.parseLong(properties.getProperty("cpuMillis." + name, "0"))));
		return millis;
	}

	private static String required(Properties properties, String key, Path file) {
		String value = properties.getProperty(key);
		if (value == null) {
			throw new IllegalArgumentException(file + " has no '" + key + "'");
		}
		return value;
	}

	public OperationStats all() {
		return this.operations.stream()
			.filter((stats) -> stats.operation().equals(GatlingReport.ALL_REQUESTS))
			.findFirst()
			.orElseThrow();
	}

	/** CPU milliseconds the given processes used together per measured call during the call phase. */
	public double cpuMillisPerCall(Collection<String> processes) {
		return cpuMillis(processes) / (double) Math.max(1, all().requests());
	}

	/** The share of the cores the given processes kept busy during the call phase. */
	public double coresBusy(Collection<String> processes, int cores) {
		return cpuMillis(processes) / ((double) cores * Math.max(1, this.callPhaseMillis));
	}

	private long cpuMillis(Collection<String> processes) {
		return processes.stream().mapToLong((process) -> this.cpuMillis.getOrDefault(process, 0L)).sum();
	}

	/** Calls of the given operation completed per second of the call phase. */
	public double perSecond(String operation) {
		return requests(operation) * 1000.0 / Math.max(1, this.callPhaseMillis);
	}

	/** CPU milliseconds the given processes used together per call of the given operation. */
	public double cpuMillisPer(String operation, Collection<String> processes) {
		return cpuMillis(processes) / (double) Math.max(1, requests(operation));
	}

	private long requests(String operation) {
		return this.operations.stream()
			.filter((stats) -> stats.operation().equals(operation))
			.mapToLong(OperationStats::requests)
			.sum();
	}

	/** Measured calls completed per second of the call phase (set-up and logout excluded). */
	public double operationsPerSecond() {
		return all().requests() * 1000.0 / Math.max(1, this.callPhaseMillis);
	}

}
