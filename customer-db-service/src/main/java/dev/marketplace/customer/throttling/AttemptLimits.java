package dev.marketplace.customer.throttling;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HexFormat;

import javax.sql.DataSource;

import dev.marketplace.grpc.MarketplaceException;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.mysql.Bucket4jMySQL;
import io.github.bucket4j.mysql.MySQLSelectForUpdateBasedProxyManager;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * How many logins and sign-ups are let through: per username (a password guessed at one
 * account, or a username probed for) and per client address (many accounts tried from one
 * place). Each limit is a token bucket (Bucket4j) kept in the customer database, so every
 * frontend and every replica of this service draws from the same one: adding replicas does not
 * multiply the limit. A bucket holds
 * {@code limit} attempts and is refilled whole once per {@code window}; an attempt past it is
 * refused before any password is hashed, with the time until the refill.
 * <p>
 * Every attempt from one address locks that address's bucket, so a burst of them waits in turn,
 * each holding a database connection while it waits. At most {@code connections} attempts are
 * in the database at once: the rest wait in a {@link Bulkhead}, and the pool keeps its other
 * connections for every other call.
 */
@Component
public class AttemptLimits {

	/**
	 * An attempt whose transaction lost a deadlock is counted again: the database rolled it back
	 * whole. Its usual other party is the sweep of refilled buckets, which locks a bucket's expiry
	 * before its row, where an attempt locks the row first.
	 */
	private static final RetryTemplate DEADLOCK_LOSERS = new RetryTemplate(
			RetryPolicy.builder().maxRetries(2).delay(Duration.ZERO).predicate(AttemptLimits::isDeadlock).build());

	/** SQLSTATE 40001: MySQL's and MariaDB's deadlock victim (error 1213). */
	private static final String DEADLOCK = "40001";

	private final MySQLSelectForUpdateBasedProxyManager<String> buckets;

	private final Settings settings;

	private final Bulkhead inDatabase;

	AttemptLimits(DataSource dataSource, Settings settings) {
		this.settings = settings;
		this.inDatabase = new Bulkhead(settings.connections(), settings.maxWait(), settings.maxQueued(),
				"Too many logins and sign-ups at once; try again in a moment");
		this.buckets = Bucket4jMySQL.selectForUpdateBasedBuilder(dataSource)
			.primaryKeyMapper(PrimaryKeyMapper.STRING)
			.table("attempt_limits")
			.expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ZERO))
			.build();
	}

	/** Counts a login to {@code username}, from {@code clientAddress} if known (not empty). */
	public void login(String role, String username, String clientAddress) {
		take("login:" + role + ":" + username, this.settings.loginsPerUsername(), "for this username");
		if (!clientAddress.isEmpty()) {
			take("login-from:" + clientAddress, this.settings.loginsPerAddress(), "from this address");
		}
	}

	/**
	 * Counts a sign-up for {@code username} (whose answer tells whether it is taken), from
	 * {@code clientAddress} if known (not empty).
	 */
	public void signUp(String role, String username, String clientAddress) {
		take("sign-up:" + role + ":" + username, this.settings.signUpsPerUsername(), "for this username");
		if (!clientAddress.isEmpty()) {
			take("sign-up-from:" + clientAddress, this.settings.signUpsPerAddress(), "from this address");
		}
	}

	private void take(String key, int limit, String scope) {
		BucketConfiguration configuration = BucketConfiguration.builder()
			.addLimit((bandwidth) -> bandwidth.capacity(limit).refillIntervally(limit, this.settings.window()))
			.build();
		ConsumptionProbe probe = this.inDatabase.run(() -> DEADLOCK_LOSERS.invoke(() -> this.buckets.builder()
			.build(idOf(key), () -> configuration)
			.tryConsumeAndReturnRemaining(1)));
		if (!probe.isConsumed()) {
			throw MarketplaceException.tooManyRequests("Too many attempts " + scope + "; try again later",
					Duration.ofNanos(probe.getNanosToWaitForRefill()));
		}
	}

	/** Buckets whose window has passed are full again, so forgetting them changes nothing. */
	@Scheduled(fixedDelayString = "${marketplace.attempt-limits.window:1m}")
	void forgetRefilledBuckets() {
		this.buckets.removeExpired(1_000);
	}

	private static boolean isDeadlock(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SQLException sql && DEADLOCK.equals(sql.getSQLState())) {
				return true;
			}
		}
		return false;
	}

	/** The key's SHA-256: no username typed at a login is stored as text. */
	static String idOf(String key) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every JDK has SHA-256", ex);
		}
	}

	/**
	 * @param loginsPerUsername logins to one username (of one role) in a window, right or wrong
	 * @param loginsPerAddress logins from one client address in a window
	 * @param signUpsPerUsername sign-ups asking for one username (of one role) in a window
	 * @param signUpsPerAddress sign-ups from one client address in a window
	 * @param window how often a bucket is refilled whole
	 * @param connections how many attempts may hold a database connection at once
	 * @param maxWait the longest an attempt waits for its turn, within its deadline
	 * @param maxQueued how many may wait at once; more are refused at once
	 */
	@ConfigurationProperties("marketplace.attempt-limits")
	record Settings(Integer loginsPerUsername, Integer loginsPerAddress, Integer signUpsPerUsername,
			Integer signUpsPerAddress, Duration window, Integer connections, Duration maxWait, Integer maxQueued) {

		Settings {
			loginsPerUsername = (loginsPerUsername == null) ? 10 : loginsPerUsername;
			loginsPerAddress = (loginsPerAddress == null) ? 1_000 : loginsPerAddress;
			signUpsPerUsername = (signUpsPerUsername == null) ? 10 : signUpsPerUsername;
			signUpsPerAddress = (signUpsPerAddress == null) ? 1_000 : signUpsPerAddress;
			window = (window == null) ? Duration.ofMinutes(1) : window;
			connections = (connections == null) ? 4 : connections;
			maxWait = (maxWait == null) ? Duration.ofSeconds(30) : maxWait;
			maxQueued = (maxQueued == null) ? 1_000 : maxQueued;
		}

	}

}
