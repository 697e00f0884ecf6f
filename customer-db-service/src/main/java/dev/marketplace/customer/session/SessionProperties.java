package dev.marketplace.customer.session;

import java.time.Duration;
import java.time.Instant;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param idleTimeout how long a session lives without a request (MARKETPLACE.md: 5 minutes)
 * @param activityResolution how precisely a session's last request is recorded: a request
 * within this time of the recorded one is not written again. Sessions busy with many requests a
 * second then cost a write every few seconds, not one per second, and a session ends between
 * its idle timeout and this much later, never earlier. Default: a sixtieth of the idle timeout
 * (5 seconds of 5 minutes).
 */
@ConfigurationProperties("marketplace.sessions")
record SessionProperties(Duration idleTimeout, Duration activityResolution) {

	private static final int DEFAULT_RESOLUTIONS_PER_TIMEOUT = 60;

	SessionProperties {
		idleTimeout = (idleTimeout == null) ? Duration.ofMinutes(5) : idleTimeout;
		if (idleTimeout.isNegative() || idleTimeout.isZero()) {
			throw new IllegalArgumentException("marketplace.sessions.idle-timeout must be positive");
		}
		activityResolution = (activityResolution == null) ? idleTimeout.dividedBy(DEFAULT_RESOLUTIONS_PER_TIMEOUT)
				: activityResolution;
		if (activityResolution.isNegative() || activityResolution.compareTo(idleTimeout) >= 0) {
			throw new IllegalArgumentException(
					"marketplace.sessions.activity-resolution must be at least zero and shorter than the idle timeout");
		}
	}

	/**
	 * The recorded activity before which a session has ended by {@code now}. Its last request
	 * may have come up to one resolution after the recorded one, so the timeout counts from there.
	 */
	Instant idleCutoff(Instant now) {
		return now.minus(this.idleTimeout).minus(this.activityResolution);
	}

	/** Whether a request at {@code now} is far enough from the recorded activity to be written. */
	boolean isWorthRecording(Instant recordedActivity, Instant now) {
		return recordedActivity.plus(this.activityResolution).isBefore(now);
	}

}
