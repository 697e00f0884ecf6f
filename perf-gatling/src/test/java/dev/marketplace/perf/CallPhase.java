package dev.marketplace.perf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.gatling.javaapi.core.ChainBuilder;

import static io.gatling.javaapi.core.CoreDsl.exec;

/**
 * When the measured calls ran, from the first client's first call to the last client's last,
 * and the CPU each process used meanwhile: throughput and CPU per call are counted over this
 * phase, not over set-up and logout. With {@code -DrunFile} the simulation writes them there for
 * {@code ./marketplace bench}.
 */
final class CallPhase {

	private static final ProcessCpu processes = ProcessCpu.fromSystemProperties();

	private static long start = Long.MAX_VALUE;

	private static long end;

	private static Map<String, Long> cpuAtStart = Map.of();

	private static Map<String, Long> cpuAtEnd = Map.of();

	private CallPhase() {
	}

	/** Marks a client starting its calls. */
	static ChainBuilder begins() {
		return exec((session) -> {
			began();
			return session;
		});
	}

	/** Marks a client done with its calls. */
	static ChainBuilder ends() {
		return exec((session) -> {
			ended();
			return session;
		});
	}

	private static synchronized void began() {
		long now = System.currentTimeMillis();
		if (now < start) {
			start = now;
			cpuAtStart = processes.millisSoFar();
		}
	}

	private static synchronized void ended() {
		long now = System.currentTimeMillis();
		if (now >= end) {
			end = now;
			cpuAtEnd = processes.millisSoFar();
		}
	}

	/** Writes the phase and the run's parameters to the file named by -DrunFile, if any. */
	static synchronized void writeRunFile(Map<String, Object> parameters) {
		String runFile = System.getProperty("runFile");
		if (runFile == null || runFile.isBlank()) {
			return;
		}
		Properties properties = new Properties();
		parameters.forEach((key, value) -> properties.setProperty(key, String.valueOf(value)));
		properties.setProperty("callPhaseStartMillis", String.valueOf(start));
		properties.setProperty("callPhaseEndMillis", String.valueOf(end));
		List<String> measured = cpuAtEnd.keySet().stream().filter(cpuAtStart::containsKey).toList();
		properties.setProperty("cpuProcesses", String.join(",", measured));
		measured.forEach((name) -> properties.setProperty("cpuMillis." + name,
				String.valueOf(cpuAtEnd.get(name) - cpuAtStart.get(name))));
		try {
			Path path = Path.of(runFile);
			Files.createDirectories(path.toAbsolutePath().getParent());
			try (Writer writer = Files.newBufferedWriter(path)) {
				properties.store(writer, "Written by the Gatling simulation; ./marketplace bench adds the report");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write the run file " + runFile, ex);
		}
	}

}
