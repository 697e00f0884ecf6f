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
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.grpc.Status;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Component;

/**
 * Salted BCrypt hashes. Only the hash is ever stored; passwords are never logged.
 * <p>
 * Hashing is all CPU, so at most one hash per core runs at a time. A burst of logins (200
 * clients signing in at once) queues for at most {@code max-wait} and is then refused with
 * RESOURCE_EXHAUSTED (503, try again) instead of making every login, and every other call
 * sharing the CPU, miss its deadline together.
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

	private final Semaphore hashers;

	private final ExecutorService hashingThreads;

	private final Duration maxWait;

	/** Compared against when the username is unknown, so both failures take the same time. */
	private final String decoyHash;

	PasswordHashing(Settings settings) {
		this.encoder = new BCryptPasswordEncoder(settings.strength());
		this.decoyHash = this.encoder.encode("decoy-password-never-valid");
		int cores = Runtime.getRuntime().availableProcessors();
		this.hashers = new Semaphore(cores, true);
		AtomicInteger threads = new AtomicInteger();
		this.hashingThreads = Executors.newFixedThreadPool(cores, (task) -> {
			Thread thread = new Thread(task, "password-hashing-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		this.maxWait = settings.maxWait();
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
		boolean acquired;
		try {
			acquired = this.hashers.tryAcquire(this.maxWait.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			acquired = false;
		}
		if (!acquired) {
			throw Status.RESOURCE_EXHAUSTED.withDescription("Too many logins at once; try again in a moment")
				.asRuntimeException();
		}
		try {
			return onHashingThread(work);
		}
		finally {
			this.hashers.release();
		}
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
	 * @param maxWait how long a login or sign-up waits for a free core before it is refused
	 */
	@ConfigurationProperties("marketplace.passwords")
	record Settings(Integer strength, Duration maxWait) {

		Settings {
			strength = (strength == null) ? 10 : strength;
			maxWait = (maxWait == null) ? Duration.ofSeconds(1) : maxWait;
		}

	}

}
