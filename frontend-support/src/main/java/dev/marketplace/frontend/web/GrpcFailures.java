package dev.marketplace.frontend.web;

import java.util.Map;

import dev.marketplace.grpc.MarketplaceException;
import io.grpc.Status;

import org.springframework.http.HttpStatus;

/**
 * How a failed call to a database service is answered: its status code picks the HTTP status,
 * its {@code ErrorInfo} reason is passed on as the problem's {@code code}.
 */
final class GrpcFailures {

	static final String SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";

	/** The answers to the request's own faults; any other status is the dependency's failure. */
	private static final Map<Status.Code, Answer> ANSWERS = Map.of(
			Status.Code.INVALID_ARGUMENT, new Answer(HttpStatus.BAD_REQUEST, "VALIDATION_FAILED"),
			Status.Code.OUT_OF_RANGE, new Answer(HttpStatus.BAD_REQUEST, "VALIDATION_FAILED"),
			Status.Code.UNAUTHENTICATED, new Answer(HttpStatus.UNAUTHORIZED, "UNAUTHENTICATED"),
			Status.Code.PERMISSION_DENIED, new Answer(HttpStatus.FORBIDDEN, "FORBIDDEN"),
			Status.Code.NOT_FOUND, new Answer(HttpStatus.NOT_FOUND, "NOT_FOUND"),
			Status.Code.ALREADY_EXISTS, new Answer(HttpStatus.CONFLICT, "CONFLICT"),
			Status.Code.FAILED_PRECONDITION, new Answer(HttpStatus.CONFLICT, "CONFLICT"),
			Status.Code.ABORTED, new Answer(HttpStatus.CONFLICT, "CONFLICT"));

	private static final Answer UNAVAILABLE = new Answer(HttpStatus.SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE);

	private GrpcFailures() {
	}

	/**
	 * Whether the failure is the dependency's fault (down, too slow, broken) rather than the
	 * request's: such failures are answered 503.
	 */
	static boolean isDependencyFailure(Status status) {
		return !ANSWERS.containsKey(status.getCode());
	}

	static HttpStatus httpStatus(Status status) {
		return ANSWERS.getOrDefault(status.getCode(), UNAVAILABLE).status();
	}

	static String code(Status status, Throwable failure) {
		return MarketplaceException.errorCodeOf(failure)
			.map(Enum::name)
			.orElseGet(() -> ANSWERS.getOrDefault(status.getCode(), UNAVAILABLE).code());
	}

	/** An HTTP status, and the code used when the failure carries none of its own. */
	private record Answer(HttpStatus status, String code) {
	}

}
