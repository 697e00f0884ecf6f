package dev.marketplace.customer.account;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import dev.marketplace.customer.throttling.Bulkhead;
import io.grpc.Status;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Component;

/**
 * Salted BCrypt hashes. Only the hash is ever stored; passwords are never logged.
 * <p>
 * Hashing is all CPU, so at most one hash per core runs at a time, and the others wait their
 * turn, first come first served: a burst of sign-ups and logins (200 clients signing in at once)
 * is served in turn while every other call keeps the CPU it needs between the hashes. A call
 * waits while its deadline allows, {@code max-wait} at most; more than {@code max-queued}
 * waiting is an overload far beyond any burst, and the call is refused at once with
 * RESOURCE_EXHAUSTED (503 with Retry-After).
 * <p>
 * The hashes run on platform threads of their own, never on the caller's: the gRPC calls run on
 * virtual threads, which the JVM does not preempt, so a hash on one would hold a carrier for its
 * whole 60 ms. With as many hashes as cores, a sign-in burst held every carrier, and the JDBC
 * waits and gRPC calls of every other request queued behind them for seconds (connections idle
 * in the pool but never handed over, deadlines exceeded). The kernel time-slices platform threads
 * with the carriers instead.
 */
@Component
public class PasswordHashing implements AutoCloseable {

	private static final int BCRYPT_MAX_BYTES = 72;

	private final BCryptPasswordEncoder encoder;

	private final Bulkhead hashers;

	private final ExecutorService hashingThreads;

	/** Compared against when the username is unknown, so both failures take the same time. */
	private final String decoyHash;

	PasswordHashing(Settings settings) {
		this.encoder = new BCryptPasswordEncoder(settings.strength());
		this.decoyHash = this.encoder.encode("decoy-password-never-valid");
		int cores = Runtime.getRuntime().availableProcessors();
		this.hashers = new Bulkhead(cores, settings.maxWait(), settings.maxQueued(),
				"Too many logins at once; try again in a moment");
		AtomicInteger threads = new AtomicInteger();
		this.hashingThreads = Executors.newFixedThreadPool(cores, (task) -> {
			Thread thread = new Thread(task, "password-hashing-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
	}

	String hash(String password) {
		return limited(() -> this.encoder.encode(bcryptInput(password)));
	}

	public boolean matches(String password, String hash) {
		return limited(() -> this.encoder.matches(bcryptInput(password), hash));
	}

	/** Spends the time a real check takes, for a username that does not exist. */
	public void spendComparableTime(String password) {
		limited(() -> this.encoder.matches(bcryptInput(password), this.decoyHash));
	}

	/**
	 * BCrypt reads at most 72 bytes, and Spring's encoder refuses more; 64 characters of UTF-8
	 * can be 256. A longer password is hashed down to 44 characters first, so all of it counts.
	 * Shorter ones go in as they are, so hashes stored before stay valid.
	 */
	static String bcryptInput(String password) {
		byte[] utf8 = password.getBytes(StandardCharsets.UTF_8);
		if (utf8.length <= BCRYPT_MAX_BYTES) {
			return password;
		}
		try {
			return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(utf8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every JDK has SHA-256", ex);
		}
	}

	private <T> T limited(Supplier<T> work) {
		return this.hashers.run(() -> onHashingThread(work));
	}

	private <T> T onHashingThread(Supplier<T> work) {
		Future<T> result = this.hashingThreads.submit(work::get);
		try {
			return result.get();
		}
		catch (InterruptedException ex) {
			result.cancel(true);
			Thread.currentThread().interrupt();
			throw Status.CANCELLED.withDescription("Interrupted while hashing a password").asRuntimeException();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			throw new IllegalStateException("Password hashing failed", ex.getCause());
		}
	}

	@Override
	public void close() {
		this.hashingThreads.shutdownNow();
	}

	/**
	 * @param strength BCrypt log rounds; 10 costs about 60 ms a check on one core
	 * @param maxWait the longest a login or sign-up waits for a free core, within its deadline
	 * @param maxQueued how many may wait at once; more are refused at once
	 */
	@ConfigurationProperties("marketplace.passwords")
	record Settings(Integer strength, Duration maxWait, Integer maxQueued) {

		Settings {
			strength = (strength == null) ? 10 : strength;
			maxWait = (maxWait == null) ? Duration.ofSeconds(30) : maxWait;
			maxQueued = (maxQueued == null) ? 1_000 : maxQueued;
		}

	}

}
