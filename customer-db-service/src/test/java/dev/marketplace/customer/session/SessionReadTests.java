package dev.marketplace.customer.session;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.RecoverableDataAccessException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SessionReadTests {

	@Test
	void aReadThatMeetsLostConnectionsIsMadeAgainUntilOneIsAlive() {
		AtomicInteger reads = new AtomicInteger();

		String read = SessionService.readAgainIfLost(failingFirst(2, reads));

		assertThat(read).isEqualTo("session");
		assertThat(reads).hasValue(3);
	}

	@Test
	void aReadIsGivenUpAfterThreeLostConnections() {
		AtomicInteger reads = new AtomicInteger();

		assertThatExceptionOfType(DataAccessResourceFailureException.class)
			.isThrownBy(() -> SessionService.readAgainIfLost(failingFirst(3, reads)));
		assertThat(reads).hasValue(SessionService.READS_ON_LOST_CONNECTIONS);
	}

	@Test
	void aConnectionThatTheDatabaseAsksToReconnectIsLostToo() {
		AtomicInteger reads = new AtomicInteger();

		String read = SessionService.readAgainIfLost(() -> {
			if (reads.incrementAndGet() == 1) {
				throw new RecoverableDataAccessException("connection reset");
			}
			return "session";
		});

		assertThat(read).isEqualTo("session");
	}

	@Test
	void aFailureOtherThanALostConnectionIsNotReadAgain() {
		AtomicInteger reads = new AtomicInteger();

		assertThatExceptionOfType(DataIntegrityViolationException.class)
			.isThrownBy(() -> SessionService.readAgainIfLost(() -> {
				reads.incrementAndGet();
				throw new DataIntegrityViolationException("not a lost connection");
			}));
		assertThat(reads).hasValue(1);
	}

	private static Supplier<String> failingFirst(int lostConnections, AtomicInteger reads) {
		return () -> {
			if (reads.incrementAndGet() <= lostConnections) {
				throw new DataAccessResourceFailureException("communications link failure");
			}
			return "session";
		};
	}

}
