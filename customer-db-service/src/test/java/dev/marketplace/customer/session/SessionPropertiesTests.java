package dev.marketplace.customer.session;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SessionPropertiesTests {

	static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");

	@Test
	void activityIsRecordedToASixtiethOfTheIdleTimeoutByDefault() {
		assertThat(new SessionProperties(null, null).activityResolution()).isEqualTo(Duration.ofSeconds(5));
		assertThat(new SessionProperties(Duration.ofSeconds(2), null).activityResolution())
			.isBetween(Duration.ofMillis(33), Duration.ofMillis(34));
	}

	@Test
	void aSessionEndsOneIdleTimeoutAfterTheLatestRequestItsRecordMayHide() {
		SessionProperties properties = new SessionProperties(Duration.ofMinutes(5), Duration.ofSeconds(5));

		assertThat(properties.idleCutoff(NOW)).isEqualTo(NOW.minus(Duration.ofSeconds(305)));
	}

	@Test
	void onlyARequestMoreThanOneResolutionAfterTheRecordedOneIsWorthRecording() {
		SessionProperties properties = new SessionProperties(Duration.ofMinutes(5), Duration.ofSeconds(5));

		assertThat(properties.isWorthRecording(NOW.minusSeconds(5), NOW)).isFalse();
		assertThat(properties.isWorthRecording(NOW.minusSeconds(5).minusMillis(1), NOW)).isTrue();
	}

	@Test
	void aZeroResolutionRecordsEveryRequestLaterThanTheRecordedOne() {
		SessionProperties properties = new SessionProperties(Duration.ofMinutes(5), Duration.ZERO);

		assertThat(properties.isWorthRecording(NOW, NOW)).isFalse();
		assertThat(properties.isWorthRecording(NOW.minusMillis(1), NOW)).isTrue();
		assertThat(properties.idleCutoff(NOW)).isEqualTo(NOW.minus(Duration.ofMinutes(5)));
	}

	@Test
	void aResolutionAsLongAsTheIdleTimeoutOrNegativeIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SessionProperties(Duration.ofMinutes(5), Duration.ofMinutes(5)));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SessionProperties(Duration.ofMinutes(5), Duration.ofSeconds(-1)));
	}

}
