package dev.marketplace.customer.account;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class PasswordHashingTests {

	private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

	private final PasswordHashing passwords = new PasswordHashing(
			new PasswordHashing.Settings(12, Duration.ofSeconds(5), 1_000));

	@AfterEach
	void stopHashingThreads() {
		this.passwords.close();
	}

	@Test
	void aHashMatchesItsPasswordAndNoOther() {
		String hash = this.passwords.hash("correct-horse");

		assertThat(this.passwords.matches("correct-horse", hash)).isTrue();
		assertThat(this.passwords.matches("wrong-horse", hash)).isFalse();
	}

	@Test
	void moreWaitingThanAllowedAreRefusedWithResourceExhausted() {
		try (PasswordHashing noQueue = new PasswordHashing(new PasswordHashing.Settings(4, Duration.ofSeconds(5), 0))) {
			StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
					() -> noQueue.hash("correct-horse"));

			assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
		}
	}

	@Test
	void aPasswordLongerThanBcryptReadsIsHashedWhole() {
		String sixtyFourAccents = "é".repeat(64);
		String hash = this.passwords.hash(sixtyFourAccents);

		assertThat(this.passwords.matches(sixtyFourAccents, hash)).isTrue();
		assertThat(this.passwords.matches("é".repeat(63) + "e", hash)).as("differs past byte 72 only").isFalse();
	}

	@Test
	void aPasswordWithinBcryptsLimitIsHashedAsItIs() {
		assertThat(PasswordHashing.bcryptInput("correct-horse")).isEqualTo("correct-horse");
		assertThat(PasswordHashing.bcryptInput("x".repeat(72))).isEqualTo("x".repeat(72));
	}

	@Test
	void theHashingRunsOnItsOwnThreadsNotOnTheCallers() {
		long callerBefore = THREADS.getCurrentThreadCpuTime();
		long hashersBefore = hashingThreadsCpuTime();

		this.passwords.hash("correct-horse");

		long callerSpent = THREADS.getCurrentThreadCpuTime() - callerBefore;
		long hashersSpent = hashingThreadsCpuTime() - hashersBefore;
		assertThat(hashersSpent).isGreaterThan(4 * callerSpent);
	}

	private static long hashingThreadsCpuTime() {
		ThreadInfo[] threads = THREADS.getThreadInfo(THREADS.getAllThreadIds());
		return Arrays.stream(threads)
			.filter((thread) -> thread != null && thread.getThreadName().startsWith("password-hashing-"))
			.mapToLong((thread) -> Math.max(0, THREADS.getThreadCpuTime(thread.getThreadId())))
			.sum();
	}

}
