package dev.marketplace.frontend;

import com.google.common.util.concurrent.Futures;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceFutureStub;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;

/** What the database services answer, as a frontend's stubs receive it. */
public final class GrpcAnswers {

	private GrpcAnswers() {
	}

	/** A failure as a database service sends it: the status, and the ErrorInfo reason. */
	public static StatusRuntimeException failure(Status.Code status, ErrorCode code) {
		StatusException failure = new MarketplaceException(status, code, "from the database service")
			.toStatusException();
		return new StatusRuntimeException(failure.getStatus(), failure.getTrailers());
	}

	/** Every token sent is a live session of this user. */
	public static void liveSession(SessionServiceBlockingStub sessions, long userId) {
		given(sessions.authenticate(any())).willReturn(session(userId));
	}

	/** Every token sent is a live session of this user, checked while a read runs. */
	public static void liveSession(SessionServiceFutureStub sessions, long userId) {
		given(sessions.authenticate(any())).willReturn(Futures.immediateFuture(session(userId)));
	}

	/** Every token sent names no live session, checked while a read runs. */
	public static void deadSession(SessionServiceFutureStub sessions) {
		given(sessions.authenticate(any()))
			.willReturn(Futures.immediateFailedFuture(failure(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED)));
	}

	private static AuthenticateResponse session(long userId) {
		return AuthenticateResponse.newBuilder().setUserId(userId).setSessionId(100 + userId).build();
	}

}
