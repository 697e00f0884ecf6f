package dev.marketplace.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The cluster {@code ./marketplace up --cluster} started on this machine: its processes by the
 * pid files the launcher keeps, its Galera nodes by their SQL ports, and the launcher itself to
 * start again whatever a fault stopped.
 */
final class RunningCluster {

	static final int GALERA_NODES = 3;

	private static final Duration LAUNCHER_TIMEOUT = Duration.ofMinutes(8);

	private final Path root;

	private RunningCluster(Path root) {
		this.root = root;
	}

	/** The checkout this test runs from (the failsafe property), whose cluster must be up. */
	static RunningCluster ofThisCheckout() {
		Path root = Path.of(System.getProperty("marketplace.root", "..")).toAbsolutePath().normalize();
		RunningCluster cluster = new RunningCluster(root);
		String mode = read(root.resolve(".marketplace/run/mode"));
		if (!"cluster".equals(mode)) {
			throw new IllegalStateException("no cluster runs from " + root + ": start it with ./marketplace up --cluster");
		}
		return cluster;
	}

	long pid(String process) {
		return Long.parseLong(read(this.root.resolve(".marketplace/run/" + process + ".pid")));
	}

	/** SIGKILL: the process gets no chance to close anything. */
	void kill(String process) {
		signal(process, "KILL");
	}

	void freeze(String process) {
		signal(process, "STOP");
	}

	void resume(String process) {
		signal(process, "CONT");
	}

	private void signal(String process, String signal) {
		run(Duration.ofSeconds(10), "kill", "-" + signal, Long.toString(pid(process)));
	}

	/** {@code ./marketplace up --cluster}: starts what is not running and waits until every part is healthy. */
	String startWhatIsMissing() {
		return run(LAUNCHER_TIMEOUT, "bash", this.root.resolve("marketplace").toString(), "up", "--cluster");
	}

	/** Reads through node {@code node} once it has applied every write the cluster committed before. */
	Connection galeraNode(int node, String schema) throws SQLException {
		String url = "jdbc:mariadb://127.0.0.1:" + sqlPort(node) + "/" + schema
				+ "?sessionVariables=wsrep_sync_wait=1&connectTimeout=5000";
		return DriverManager.getConnection(url, schema, read(this.root.resolve(".marketplace/cluster/passwords/" + schema)));
	}

	/** Node {@code node}'s SQL port, as the launcher has it (MARKETPLACE_GALERA_PORTS, 3311,3312,3313). */
	private static int sqlPort(int node) {
		String ports = System.getenv().getOrDefault("MARKETPLACE_GALERA_PORTS", "3311,3312,3313");
		return Integer.parseInt(ports.split(",")[node - 1].strip());
	}

	private String run(Duration timeout, String... command) {
		try {
			Path output = Files.createTempFile("cluster-command", ".log");
			Process process = new ProcessBuilder(command).directory(this.root.toFile())
				.redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start();
			boolean exited = process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS);
			String printed = Files.readString(output, StandardCharsets.UTF_8);
			Files.delete(output);
			if (!exited) {
				process.destroyForcibly();
				throw new IllegalStateException(String.join(" ", command) + " did not finish within " + timeout + ":\n" + printed);
			}
			if (process.exitValue() != 0) {
				throw new IllegalStateException(String.join(" ", command) + " failed (" + process.exitValue() + "):\n" + printed);
			}
			return printed;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8).strip();
		}
		catch (IOException ex) {
			return "";
		}
	}

}
