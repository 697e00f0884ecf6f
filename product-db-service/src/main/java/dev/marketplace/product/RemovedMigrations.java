package dev.marketplace.product;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;

import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Migrates a database that ran the two migrations whose scripts were removed (V8 and V9 created
 * stored procedures; V10 drops them), and refuses one that ran any other migration this build
 * lacks: application.yml lets Flyway's validation pass missing migrations, so that the two pass,
 * and this names them. A cluster upgraded one instance at a time still stops on a migration that
 * went missing.
 */
@Configuration(proxyBeanMethods = false)
class RemovedMigrations {

	static final Set<String> REMOVED_VERSIONS = Set.of("8", "9");

	@Bean
	FlywayMigrationStrategy migrateKnowingTheRemovedMigrations() {
		return RemovedMigrations::migrate;
	}

	static void migrate(Flyway flyway) {
		List<String> missing = Arrays.stream(flyway.info().applied())
			.filter((migration) -> migration.getState() == MigrationState.MISSING_SUCCESS
					|| migration.getState() == MigrationState.MISSING_FAILED)
			.map(MigrationInfo::getVersion)
			.map((version) -> (version != null) ? version.getVersion() : "(repeatable)")
			.filter((version) -> !REMOVED_VERSIONS.contains(version))
			.toList();
		if (!missing.isEmpty()) {
			throw new IllegalStateException("The database ran migrations this build does not have: " + missing
					+ "; run a build that has them");
		}
		flyway.migrate();
	}

}
