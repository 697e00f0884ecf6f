package dev.marketplace.devdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the development database for {@code ./marketplace up}: one MariaDB server holding the
 * customer, product and payment databases, its data kept in a folder so it survives restarts.
 * <p>
 * Settings come from the environment: {@code MARKETPLACE_EMBEDDED_DB_PORT} (default 3307, clear of
 * a MySQL on 3306), {@code MARKETPLACE_EMBEDDED_DB_DIR} (default {@code .marketplace/db}),
 * {@code MARKETPLACE_EMBEDDED_DB_BUFFER_POOL} (InnoDB's buffer pool, default 1G: every load run adds
 * items, and with a pool smaller than the data MariaDB's CPU per call grows with them) and
 * {@code MARKETPLACE_DATABASES}
 * (comma-separated, default all three).
 * <p>
 * Each database gets a user of the same name that may use that database alone, with a password
 * generated on first start and kept in {@code <dir>/passwords/<database>}, readable by its owner
 * alone: the database services log in with it.
 */
public final class EmbeddedDatabaseMain {

	private static final Logger logger = LoggerFactory.getLogger(EmbeddedDatabaseMain.class);

	static final List<String> DEFAULT_DATABASES = List.of("marketplace_customer", "marketplace_product",
			"marketplace_payments");

	private EmbeddedDatabaseMain() {
	}

	public static void main(String[] args) throws Exception {
		Path dir = Path.of(env("MARKETPLACE_EMBEDDED_DB_DIR", ".marketplace/db")).toAbsolutePath();
		String databases = env("MARKETPLACE_DATABASES", String.join(",", DEFAULT_DATABASES));
		EmbeddedMariaDb server;
		try {
			server = EmbeddedMariaDb.start(port(env("MARKETPLACE_EMBEDDED_DB_PORT", "3307")), dir, false,
					env("MARKETPLACE_EMBEDDED_DB_BUFFER_POOL", "1G"));
		}
		catch (IllegalArgumentException badSetting) {
			// A setting's mistake, told in one line rather than a stack trace.
			logger.error("Embedded MariaDB not started: {}", badSetting.getMessage());
			System.exit(2);
			return;
		}
		for (String database : databases.split(",")) {
			server.createDatabase(database.trim());
			server.createUser(database.trim(), password(dir.resolve("passwords"), database.trim()),
					List.of(database.trim()));
		}
		CountDownLatch stopped = new CountDownLatch(1);
		AtomicBoolean stopping = new AtomicBoolean();
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			stopping.set(true);
			try {
				server.close();
			}
			catch (Exception ex) {
				logger.error("Stopping the embedded database failed: {}", ex.getMessage());
			}
			stopped.countDown();
		}, "embedded-db-shutdown"));
		// A server that died on its own ends this process too: ./marketplace status then tells the
		// database is down instead of running, and ./marketplace up starts it again.
		server.exit().whenComplete((process, unwatchable) -> {
			if (unwatchable != null) {
				logger.warn("mariadbd cannot be watched; if it dies, this process will not notice: {}",
						unwatchable.getMessage());
			}
			else if (!stopping.get()) {
				logger.error("mariadbd has exited, nobody here stopped it: the embedded database is down; "
						+ "./marketplace up starts it again");
				System.exit(1);
			}
		});
		// The ./marketplace script waits for this line.
		System.out.println("Embedded MariaDB ready on " + server.serverUrl() + " (data in " + dir + ")");
		stopped.await();
	}

	/** The user's password kept in {@code directory}, made on first use. */
	static String password(Path directory, String user) throws IOException {
		Path file = directory.resolve(user);
		if (Files.isRegularFile(file)) {
			return Files.readString(file, StandardCharsets.US_ASCII).strip();
		}
		Files.createDirectories(directory);
		Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
		byte[] secret = new byte[24];
		new SecureRandom().nextBytes(secret);
		String password = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
		Files.writeString(file, password, StandardCharsets.US_ASCII);
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
		return password;
	}

	private static int port(String value) {
		try {
			return Integer.parseInt(value);
		}
		catch (NumberFormatException notANumber) {
			throw new IllegalArgumentException("MARKETPLACE_EMBEDDED_DB_PORT is not a port number: '" + value + "'");
		}
	}

	private static String env(String name, String fallback) {
		String value = System.getenv(name);
		return (value == null || value.isBlank()) ? fallback : value;
	}

}
