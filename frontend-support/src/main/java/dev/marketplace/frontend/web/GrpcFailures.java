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

	private static final Map<Status.Code, HttpStatus> HTTP_STATUS = Map.of(Status.Code.INVALID_ARGUMENT,
			HttpStatus.BAD_REQUEST, Status.Code.OUT_OF_RANGE, HttpStatus.BAD_REQUEST, Status.Code.UNAUTHENTICATED,
			HttpStatus.UNAUTHORIZED, Status.Code.PERMISSION_DENIED, HttpStatus.FORBIDDEN, Status.Code.NOT_FOUND,
			HttpStatus.NOT_FOUND, Status.Code.ALREADY_EXISTS, HttpStatus.CONFLICT, Status.Code.FAILED_PRECONDITION,
			HttpStatus.CONFLICT, Status.Code.ABORTED, HttpStatus.CONFLICT);

	private static final Map<Status.Code, String> FALLBACK_CODE = Map.of(Status.Code.INVALID_ARGUMENT,
			"VALIDATION_FAILED", Status.Code.OUT_OF_RANGE, "VALIDATION_FAILED", Status.Code.UNAUTHENTICATED,
			"UNAUTHENTICATED", Status.Code.PERMISSION_DENIED, "FORBIDDEN", Status.Code.NOT_FOUND, "NOT_FOUND",
			Status.Code.ALREADY_EXISTS, "CONFLICT", Status.Code.FAILED_PRECONDITION, "CONFLICT", Status.Code.ABORTED,
			"CONFLICT");

	private GrpcFailures() {
	}

	/**
	 * Whether the failure is the dependency's fault (down, too slow, broken) rather than the
	 * request's: such failures are answered 503.
	 */
	static boolean isDependencyFailure(Status status) {
		return !HTTP_STATUS.containsKey(status.getCode());
	}

	static HttpStatus httpStatus(Status status) {
		return HTTP_STATUS.getOrDefault(status.getCode(), HttpStatus.SERVICE_UNAVAILABLE);
	}

	static String code(Status status, Throwable failure) {
		return MarketplaceException.errorCodeOf(failure)
			.map(Enum::name)
			.orElseGet(() -> FALLBACK_CODE.getOrDefault(status.getCode(), SERVICE_UNAVAILABLE));
	}

}
