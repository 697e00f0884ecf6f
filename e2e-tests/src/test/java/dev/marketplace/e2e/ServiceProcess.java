package dev.marketplace.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.marketplace.testsupport.TestCertificates;
import org.awaitility.core.ConditionTimeoutException;

import static org.awaitility.Awaitility.await;

/**
 * One marketplace service run from its executable jar, exactly as {@code ./marketplace up} runs
 * it, configured through environment variables.
 */
final class ServiceProcess implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final String module;

	private final Map<String, String> environment;

	private final int healthPort;

	private final Path log;

	private Process process;

	/**
	 * Presents the certificate of its module's name, of the CA every service trusts, unless
	 * {@code environment} says otherwise. Its log starts empty in each test run; a restart within
	 * the run appends to it.
	 */
	ServiceProcess(String module, Map<String, String> environment, int healthPort, Path logDir) throws IOException {
		this.module = module;
		this.environment = new HashMap<>(TestCertificates.shared().environment(module));
		this.environment.putAll(environment);
		this.healthPort = healthPort;
		this.log = logDir.resolve(module + ".log");
		Files.deleteIfExists(this.log);
	}

	void start() throws IOException {
		Path root = Path.of(System.getProperty("marketplace.root", ".."));
		String version = System.getProperty("marketplace.version");
		Path jar = root.resolve(this.module).resolve("target").resolve(this.module + "-" + version + "-exec.jar");
		if (!Files.isRegularFile(jar)) {
			throw new IllegalStateException(jar + " is missing: run the tests through './mvnw verify'");
		}
		String java = ProcessHandle.current().info().command().orElse("java");
		ProcessBuilder builder = new ProcessBuilder(List.of(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar",
				jar.toString()));
		builder.environment().putAll(this.environment);
		builder.redirectErrorStream(true);
		builder.redirectOutput(ProcessBuilder.Redirect.appendTo(this.log.toFile()));
		this.process = builder.start();
	}

	void awaitHealthy() {
		try {
			await().atMost(START_TIMEOUT).pollInterval(Duration.ofMillis(250)).until(() -> {
				if (!this.process.isAlive()) {
					throw new IllegalStateException(this.module + " exited with " + this.process.exitValue()
							+ " while starting; log:\n" + logTail());
				}
				return healthy();
			});
		}
		catch (ConditionTimeoutException ex) {
			throw new IllegalStateException(this.module + " not healthy after " + START_TIMEOUT + "; log:\n" + logTail(),
					ex);
		}
	}

	private boolean healthy() throws InterruptedException {
		try {
			HttpRequest request = HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + this.healthPort + "/actuator/health"))
				.timeout(Duration.ofSeconds(2))
				.build();
			return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/** Stops the process (SIGTERM, as an operator would) and starts it again. */
	void restart() throws IOException, InterruptedException {
		restart(Map.of());
	}

	/** Restarts with some environment variables changed. */
	void restart(Map<String, String> changes) throws IOException, InterruptedException {
		stop();
		this.environment.putAll(changes);
		start();
		awaitHealthy();
	}

	/** Stops the process dead (SIGSTOP): it holds its connections but answers nothing until {@link #thaw}. */
	void freeze() throws IOException, InterruptedException {
		signal("STOP");
	}

	void thaw() throws IOException, InterruptedException {
		signal("CONT");
	}

	private void signal(String name) throws IOException, InterruptedException {
		Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(this.process.pid())).inheritIO().start();
		if (kill.waitFor() != 0) {
			throw new IllegalStateException("kill -" + name + " " + this.process.pid() + " failed");
		}
	}

	void stop() throws InterruptedException {
		if (this.process == null || !this.process.isAlive()) {
			return;
		}
		this.process.destroy();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	/** Everything the process has logged so far. */
	String log() throws IOException {
		return Files.readString(this.log);
	}

	String logTail() {
		try {
			List<String> lines = Files.readAllLines(this.log);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	@Override
	public void close() throws InterruptedException {
		stop();
	}

}
