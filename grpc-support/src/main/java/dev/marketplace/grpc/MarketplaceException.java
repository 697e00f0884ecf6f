package dev.marketplace.grpc;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.rpc.ErrorInfo;
import com.google.rpc.RetryInfo;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.protobuf.StatusProto;

/**
 * A failure the caller can act on: a gRPC status code plus the marketplace {@link ErrorCode}.
 * <p>
 * On the wire the code travels as a {@code google.rpc.ErrorInfo} detail (reason = code name,
 * domain = {@value #DOMAIN}), the standard way to give a gRPC status a machine-readable reason;
 * when the caller may try again later, a {@code google.rpc.RetryInfo} detail says when.
 */
public class MarketplaceException extends RuntimeException {

	public static final String DOMAIN = "marketplace";

	private final Status.Code status;

	private final ErrorCode code;

	private final Duration retryDelay;

	public MarketplaceException(Status.Code status, ErrorCode code, String message) {
		this(status, code, message, null);
	}

	private MarketplaceException(Status.Code status, ErrorCode code, String message, Duration retryDelay) {
		super(message);
		this.status = status;
		this.code = code;
		this.retryDelay = retryDelay;
	}

	/** Too many attempts of something limited; the caller may try again after {@code retryDelay}. */
	public static MarketplaceException tooManyRequests(String message, Duration retryDelay) {
		return new MarketplaceException(Status.Code.RESOURCE_EXHAUSTED, ErrorCode.TOO_MANY_REQUESTS, message,
				retryDelay);
	}

	public static MarketplaceException invalidArgument(String message) {
		return new MarketplaceException(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED, message);
	}

	public static MarketplaceException notFound(ErrorCode code, String message) {
		return new MarketplaceException(Status.Code.NOT_FOUND, code, message);
	}

	public static MarketplaceException alreadyExists(ErrorCode code, String message) {
		return new MarketplaceException(Status.Code.ALREADY_EXISTS, code, message);
	}

	public static MarketplaceException unauthenticated(ErrorCode code, String message) {
		return new MarketplaceException(Status.Code.UNAUTHENTICATED, code, message);
	}

	public Status.Code status() {
		return this.status;
	}

	public ErrorCode code() {
		return this.code;
	}

	/** The exception as a gRPC status carrying an {@code ErrorInfo} detail. */
	public StatusException toStatusException() {
		ErrorInfo info = ErrorInfo.newBuilder().setReason(this.code.name()).setDomain(DOMAIN).build();
		com.google.rpc.Status.Builder status = com.google.rpc.Status.newBuilder()
			.setCode(this.status.value())
			.setMessage(getMessage())
			.addDetails(Any.pack(info));
		if (this.retryDelay != null) {
			status.addDetails(Any.pack(RetryInfo.newBuilder()
				.setRetryDelay(com.google.protobuf.Duration.newBuilder()
					.setSeconds(this.retryDelay.getSeconds())
					.setNanos(this.retryDelay.getNano()))
				.build()));
		}
		return StatusProto.toStatusException(status.build());
	}

	/**
	 * How long a failed call said to wait before trying again, if it said.
	 * @param failure what a stub threw ({@code StatusRuntimeException} or {@code StatusException})
	 */
	public static Optional<Duration> retryDelayOf(Throwable failure) {
		return detailOf(failure, RetryInfo.class).map(RetryInfo::getRetryDelay)
			.map((delay) -> Duration.ofSeconds(delay.getSeconds(), delay.getNanos()));
	}

	/**
	 * The marketplace error code a failed call carried, if it carried one.
	 * @param failure what a stub threw ({@code StatusRuntimeException} or {@code StatusException})
	 */
	public static Optional<ErrorCode> errorCodeOf(Throwable failure) {
		return detailOf(failure, ErrorInfo.class).filter((info) -> DOMAIN.equals(info.getDomain()))
			.flatMap((info) -> Arrays.stream(ErrorCode.values())
				.filter((code) -> code.name().equals(info.getReason()))
				.findFirst());
	}

	/** The failure's first detail of that type, if it has one that can be read. */
	private static <T extends Message> Optional<T> detailOf(Throwable failure, Class<T> type) {
		com.google.rpc.Status status = StatusProto.fromThrowable(failure);
		if (status == null) {
			return Optional.empty();
		}
		for (Any detail : status.getDetailsList()) {
			if (detail.is(type)) {
				try {
					return Optional.of(detail.unpack(type));
				}
				catch (InvalidProtocolBufferException ex) {
					return Optional.empty();
				}
			}
		}
		return Optional.empty();
	}

}
