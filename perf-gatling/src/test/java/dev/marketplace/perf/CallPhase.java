package dev.marketplace.perf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;

import io.gatling.javaapi.core.ChainBuilder;

import static io.gatling.javaapi.core.CoreDsl.exec;

/**
 * When the measured calls ran, from the first client's first call to the last client's last:
 * throughput is counted over this phase, not over set-up and logout. With {@code -DrunFile}
 * the simulation writes it there for {@code ./marketplace bench}.
 */
final class CallPhase {

	private static final AtomicLong start = new AtomicLong(Long.MAX_VALUE);

	private static final AtomicLong end = new AtomicLong();

	private CallPhase() {
	}

	/** Marks a client starting its calls. */
	static ChainBuilder begins() {
		return exec((session) -> {
			start.accumulateAndGet(System.currentTimeMillis(), Math::min);
			return session;
		});
	}

	/** Marks a client done with its calls. */
	static ChainBuilder ends() {
		return exec((session) -> {
			end.accumulateAndGet(System.currentTimeMillis(), Math::max);
			return session;
		});
	}

	/** Writes the phase and the run's parameters to the file named by -DrunFile, if any. */
	static void writeRunFile(Map<String, Object> parameters) {
		String runFile = System.getProperty("runFile");
		if (runFile == null || runFile.isBlank()) {
			return;
		}
		Properties properties = new Properties();
		parameters.forEach((key, value) -> properties.setProperty(key, String.valueOf(value)));
		properties.setProperty("callPhaseStartMillis", String.valueOf(start.get()));
		properties.setProperty("callPhaseEndMillis", String.valueOf(end.get()));
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
