package dev.marketplace.frontend;

import java.util.function.Function;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import org.mockito.stubbing.Answer;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.willAnswer;

/**
 * What the database services answer, for a mocked service implementation
 * ({@code willAnswer(reply(response)).given(service).method(any(), any())}).
 */
public final class GrpcAnswers {

	private GrpcAnswers() {
	}

	/** Answers the call with this response. */
	public static <T> Answer<Void> reply(T response) {
		return replyTo((request) -> response);
	}

	/** Answers the call with the response made from its request. */
	public static <Q, R> Answer<Void> replyTo(Function<Q, R> response) {
		return (invocation) -> {
			StreamObserver<R> observer = invocation.getArgument(1);
			observer.onNext(response.apply(invocation.getArgument(0)));
			observer.onCompleted();
			return null;
		};
	}

	/** Fails the call as a database service does: the status, and the ErrorInfo reason. */
	public static Answer<Void> fail(Status.Code status, ErrorCode code) {
		return fail(new MarketplaceException(status, code, "from the database service").toStatusException());
	}

	/** Fails the call with this status and its trailers. */
	public static Answer<Void> fail(StatusException failure) {
		return (invocation) -> {
			invocation.<StreamObserver<?>>getArgument(1).onError(failure);
			return null;
		};
	}

	/** A failure as a frontend's stub throws it, for a mocked class that calls the stubs. */
	public static StatusRuntimeException failure(Status.Code status, ErrorCode code) {
		StatusException failure = new MarketplaceException(status, code, "from the database service")
			.toStatusException();
		return new StatusRuntimeException(failure.getStatus(), failure.getTrailers());
	}

	/** Every token sent is a live session of this user. */
	public static void liveSession(SessionServiceGrpc.AsyncService sessions, long userId) {
		willAnswer(reply(AuthenticateResponse.newBuilder().setUserId(userId).setSessionId(100 + userId).build()))
			.given(sessions)
			.authenticate(any(), any());
	}

	/** Every token sent names no live session. */
	public static void deadSession(SessionServiceGrpc.AsyncService sessions) {
		willAnswer(fail(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED)).given(sessions)
			.authenticate(any(), any());
	}

}
