package dev.marketplace.devdb;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class EmbeddedDatabaseMainIntegrationTests {

	@TempDir
	Path underJavaTmpdir;

	@Test
	void databasesOutliveTheProcessThatServedThemEvenUnderJavaTmpdir() throws Exception {
		Path dir = this.underJavaTmpdir.resolve("db");
		Path log = this.underJavaTmpdir.resolve("db.log");
		int port = freePort();
		ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), EmbeddedDatabaseMain.class.getName())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile());
		builder.environment().put("MARKETPLACE_EMBEDDED_DB_DIR", dir.toString());
		builder.environment().put("MARKETPLACE_EMBEDDED_DB_PORT", String.valueOf(port));
		Process process = builder.start();
		try {
			awaitReady(process, log);
			try (Connection connection = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port,
					EmbeddedMariaDb.USER, EmbeddedMariaDb.PASSWORD);
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

	private static void awaitReady(Process process, Path log) {
		Awaitility.await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(200)).until(() -> {
			String output = Files.readString(log);
			assertThat(process.isAlive()).as("the database process is running; its output:%n%s", output).isTrue();
			return output.contains("Embedded MariaDB ready");
		});
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
