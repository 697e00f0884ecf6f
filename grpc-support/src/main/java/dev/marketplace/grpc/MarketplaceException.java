package dev.marketplace.grpc;

import java.util.Optional;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.ErrorInfo;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.protobuf.StatusProto;

/**
 * A failure the caller can act on: a gRPC status code plus the marketplace {@link ErrorCode}.
 * <p>
 * On the wire the code travels as a {@code google.rpc.ErrorInfo} detail (reason = code name,
 * domain = {@value #DOMAIN}), the standard way to give a gRPC status a machine-readable reason.
 */
public class MarketplaceException extends RuntimeException {

	public static final String DOMAIN = "marketplace";

	private final Status.Code status;

	private final ErrorCode code;

	public MarketplaceException(Status.Code status, ErrorCode code, String message) {
		super(message);
		this.status = status;
		this.code = code;
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
		com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
			.setCode(this.status.value())
			.setMessage(getMessage())
			.addDetails(Any.pack(info))
			.build();
		return StatusProto.toStatusException(status);
	}

	/**
	 * The marketplace error code a failed call carried, if it carried one.
	 * @param failure what a stub threw ({@code StatusRuntimeException} or {@code StatusException})
	 */
	public static Optional<ErrorCode> errorCodeOf(Throwable failure) {
		com.google.rpc.Status status = StatusProto.fromThrowable(failure);
		if (status == null) {
			return Optional.empty();
		}
		for (Any detail : status.getDetailsList()) {
			if (detail.is(ErrorInfo.class)) {
				try {
					ErrorInfo info = detail.unpack(ErrorInfo.class);
					if (DOMAIN.equals(info.getDomain())) {
						return Optional.of(ErrorCode.valueOf(info.getReason()));
					}
				}
				catch (InvalidProtocolBufferException | IllegalArgumentException ex) {
					return Optional.empty();
				}
			}
		}
		return Optional.empty();
	}

}
