package dev.marketplace.devdb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class EmbeddedMariaDbIntegrationTests {

	@TempDir
	Path underJavaTmpdir;

	@Test
	void temporaryServerLeavesNothingBehindWhenClosed() throws Exception {
		Path workDir = this.underJavaTmpdir.resolve("temporary");
		try (EmbeddedMariaDb db = EmbeddedMariaDb.start(0, workDir, true)) {
			db.createDatabase("scratch");
			assertThat(workDir).isNotEmptyDirectory();
		}
		assertThat(workDir).doesNotExist();
	}

	@Test
	void serverThatIsNotTemporaryKeepsItsDataAcrossRestartsEvenUnderJavaTmpdir() throws Exception {
		Path workDir = this.underJavaTmpdir.resolve("kept");
		try (EmbeddedMariaDb db = EmbeddedMariaDb.start(0, workDir, false)) {
			db.createDatabase("kept");
			execute(db, "CREATE TABLE kept.notes (text VARCHAR(20))", "INSERT INTO kept.notes VALUES ('still here')");
		}
		try (EmbeddedMariaDb db = EmbeddedMariaDb.start(0, workDir, false);
				Connection connection = connect(db);
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT text FROM kept.notes")) {
			assertThat(rows.next()).isTrue();
			assertThat(rows.getString("text")).isEqualTo("still here");
		}
		assertThat(workDir.resolve("data.kept")).doesNotExist();
	}

	@Test
	void serverHasTheBufferPoolItWasGiven() throws Exception {
		try (EmbeddedMariaDb db = EmbeddedMariaDb.start(0, this.underJavaTmpdir.resolve("pool"), true, "64M");
				Connection connection = connect(db);
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT @@innodb_buffer_pool_size")) {
			assertThat(rows.next()).isTrue();
			assertThat(rows.getLong(1)).isEqualTo(64L * 1024 * 1024);
		}
	}

	@Test
	void exitCompletesOnceTheServerHasStopped() throws Exception {
		EmbeddedMariaDb db = EmbeddedMariaDb.start(0, this.underJavaTmpdir.resolve("exit"), true);
		CompletableFuture<ProcessHandle> exit = db.exit();
		assertThat(exit).isNotDone();

		db.close();

		// A bound that tells an end from a hang, not a speed.
		assertThat(exit).succeedsWithin(Duration.ofMinutes(1));
	}

	@Test
	void aWrongPasswordAnUnknownUserAndNoUserAtAllAreRefused() throws Exception {
		try (EmbeddedMariaDb db = EmbeddedMariaDb.start(0, this.underJavaTmpdir.resolve("grants"), true)) {
			db.createUser("tester", "tester-password", List.of("*"));

			assertThatExceptionOfType(SQLException.class)
				.isThrownBy(() -> DriverManager.getConnection(db.serverUrl(), "tester", "wrong").close());
			assertThatExceptionOfType(SQLException.class)
				.isThrownBy(() -> DriverManager.getConnection(db.serverUrl(), "root", "").close());
			assertThatExceptionOfType(SQLException.class)
				.isThrownBy(() -> DriverManager.getConnection(db.serverUrl(), "", "").close());
		}
	}

	@Test
	void aUserOfOneDatabaseCannotReadAnotherOrTheAccounts() throws Exception {
		try (EmbeddedMariaDb db = EmbeddedMariaDb.start(0, this.underJavaTmpdir.resolve("least"), true)) {
			db.createDatabase("shop");
			db.createDatabase("other");
			db.createUser("shop", "shop-password", List.of("shop"));
			try (Connection connection = DriverManager.getConnection(db.serverUrl(), "shop", "shop-password");
					Statement statement = connection.createStatement()) {
				statement.execute("CREATE TABLE shop.notes (text VARCHAR(20))");
				assertThatExceptionOfType(SQLException.class)
					.isThrownBy(() -> statement.execute("CREATE TABLE other.notes (text VARCHAR(20))"));
				assertThatExceptionOfType(SQLException.class)
					.isThrownBy(() -> statement.executeQuery("SELECT * FROM mysql.global_priv").close());
			}
		}
	}

	@Test
	void itsSocketIsInAFolderOnlyItsOwnerCanEnter() throws Exception {
		Path workDir = this.underJavaTmpdir.resolve("socket");
		try (EmbeddedMariaDb db = EmbeddedMariaDb.start(0, workDir, true)) {
			assertThat(workDir.resolve("run").resolve("mariadb.sock")).exists();
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(workDir.resolve("run"))))
				.isEqualTo("rwx------");
		}
	}

	@Test
	void refusesABufferPoolSizeMariaDbWouldNotTake() {
		Path workDir = this.underJavaTmpdir.resolve("refused");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> EmbeddedMariaDb.start(0, workDir, true, "a gigabyte"))
			.withMessageContaining("a gigabyte");
		assertThat(workDir).doesNotExist();
	}

	private static void execute(EmbeddedMariaDb db, String... statements) throws SQLException {
		try (Connection connection = connect(db); Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
	}

	private static Connection connect(EmbeddedMariaDb db) throws SQLException {
		db.createUser("tester", "tester-password", List.of("*"));
		return DriverManager.getConnection(db.serverUrl(), "tester", "tester-password");
	}

}
