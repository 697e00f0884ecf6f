package dev.marketplace.devdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class EmbeddedDatabaseMainIntegrationTests {

	private static final Pattern READY = Pattern.compile("Embedded MariaDB ready on (\\S+)");

	@TempDir
	Path underJavaTmpdir;

	@Test
	void databasesOutliveTheProcessThatServedThemEvenUnderJavaTmpdir() throws Exception {
		Path dir = this.underJavaTmpdir.resolve("db");
		Path log = this.underJavaTmpdir.resolve("db.log");
		Process process = launch(dir, log);
		try {
			String serverUrl = awaitReady(process, log);
			String password = Files.readString(dir.resolve("passwords").resolve("marketplace_customer"));
			try (Connection connection = DriverManager.getConnection(serverUrl, "marketplace_customer", password);
					Statement statement = connection.createStatement()) {
				statement.execute("CREATE TABLE marketplace_customer.notes (text VARCHAR(20))");
				assertThatExceptionOfType(SQLException.class).as("the product database is another user's")
					.isThrownBy(() -> statement.execute("CREATE TABLE marketplace_product.notes (text VARCHAR(20))"));
			}
			assertThat(PosixFilePermissions.toString(
					Files.getPosixFilePermissions(dir.resolve("passwords").resolve("marketplace_customer"))))
				.isEqualTo("rw-------");
		}
		finally {
			// SIGTERM: the process stops as ./marketplace down stops it, running its shutdown hooks.
			process.destroy();
			process.waitFor();
		}

		assertThat(dir.resolve("data").resolve("marketplace_customer").resolve("notes.frm")).isRegularFile();
		assertThat(Files.readString(log)).as("a stop asked for is no crash").doesNotContain("nobody here stopped it");
	}

	@Test
	void endsWhenItsServerDiesSoTheScriptSeesTheDatabaseDown() throws Exception {
		Path log = this.underJavaTmpdir.resolve("db.log");
		Process process = launch(this.underJavaTmpdir.resolve("db"), log);
		try {
			awaitReady(process, log);
			ProcessHandle server = process.toHandle()
				.descendants()
				.filter((child) -> child.info().command().filter((command) -> command.endsWith("mariadbd")).isPresent())
				.findFirst()
				.orElseThrow();

			server.destroyForcibly();

			// A bound that tells an end from a hang, not a speed.
			assertThat(process.waitFor(1, TimeUnit.MINUTES)).as("the launcher has ended").isTrue();
			assertThat(process.exitValue()).isEqualTo(1);
			assertThat(Files.readString(log)).contains("mariadbd has exited, nobody here stopped it");
		}
		finally {
			process.destroyForcibly();
		}
	}

	/** Runs {@link EmbeddedDatabaseMain} as ./marketplace up does, on a port of its choosing. */
	private static Process launch(Path dir, Path log) throws IOException {
		ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), EmbeddedDatabaseMain.class.getName())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile());
		builder.environment().put("MARKETPLACE_EMBEDDED_DB_DIR", dir.toString());
		// Port 0: the server takes a free one just before it starts, and says which when ready.
		builder.environment().put("MARKETPLACE_EMBEDDED_DB_PORT", "0");
		return builder.start();
	}

	/** Waits for the ready line and returns the server URL it names. */
	private static String awaitReady(Process process, Path log) {
		Matcher ready = Awaitility.await()
			.atMost(Duration.ofMinutes(3))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> {
				String output = Files.readString(log);
				assertThat(process.isAlive()).as("the database process is running; its output:%n%s", output)
					.isTrue();
				return READY.matcher(output);
			}, Matcher::find);
		return ready.group(1);
	}

}
