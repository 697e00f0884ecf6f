package dev.marketplace.devdb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class EmbeddedDatabaseMainIntegrationTests {

	private static final Pattern READY = Pattern.compile("Embedded MariaDB ready on (\\S+)");

	@TempDir
	Path underJavaTmpdir;

	@Test
	void databasesOutliveTheProcessThatServedThemEvenUnderJavaTmpdir() throws Exception {
		Path dir = this.underJavaTmpdir.resolve("db");
		Path log = this.underJavaTmpdir.resolve("db.log");
		ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), EmbeddedDatabaseMain.class.getName())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile());
		builder.environment().put("MARKETPLACE_EMBEDDED_DB_DIR", dir.toString());
		// Port 0: the server takes a free one just before it starts, and says which when ready.
		builder.environment().put("MARKETPLACE_EMBEDDED_DB_PORT", "0");
		Process process = builder.start();
		try {
			String serverUrl = awaitReady(process, log);
			try (Connection connection = DriverManager.getConnection(serverUrl, EmbeddedMariaDb.USER,
					EmbeddedMariaDb.PASSWORD);
					Statement statement = connection.createStatement()) {
				statement.execute("CREATE TABLE marketplace_customer.notes (text VARCHAR(20))");
			}
		}
		finally {
			// SIGTERM: the process stops as ./marketplace down stops it, running its shutdown hooks.
			process.destroy();
			process.waitFor();
		}

		assertThat(dir.resolve("data").resolve("marketplace_customer").resolve("notes.frm")).isRegularFile();
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
