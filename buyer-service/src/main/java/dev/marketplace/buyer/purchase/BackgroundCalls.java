package dev.marketplace.buyer.purchase;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** How the purchase tasks that run in the background read a failed database call. */
final class BackgroundCalls {

	private BackgroundCalls() {
	}

	/** The database service is down or too slow: no point trying the next purchase this round. */
	static boolean isOutage(StatusRuntimeException ex) {
		Status.Code code = ex.getStatus().getCode();
		return code == Status.Code.UNAVAILABLE || code == Status.Code.DEADLINE_EXCEEDED;
	}

	/** The status without its cause's stack trace: an outage is expected here, and logged as such. */
	static String brief(StatusRuntimeException ex) {
		String description = ex.getStatus().getDescription();
		return ex.getStatus().getCode() + ((description == null) ? "" : ": " + description);
	}

}
