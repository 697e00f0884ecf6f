package dev.marketplace.frontend.session;

import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

import com.google.common.util.concurrent.ListenableFuture;
import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceFutureStub;
import io.grpc.Status;

/**
 * Answers reads that are the same whoever asks (a search, an item) in the time of one call
 * instead of two: the session is checked while the read runs, and the read's answer, or its
 * failure, is given only once the session is known to be live; a dead session gets 401 whatever
 * the read found. Nothing that writes, or that reads the caller's own data, may run this way:
 * those need the caller before they start.
 */
public class SessionCheckedReads {

	private final SessionServiceFutureStub sessions;

	private final Role role;

	SessionCheckedReads(SessionServiceFutureStub sessions, Role role) {
		this.sessions = sessions;
		this.role = role;
	}

	public <T> T read(BearerToken token, Supplier<T> read) {
		ListenableFuture<AuthenticateResponse> session = this.sessions
			.authenticate(AuthenticateRequest.newBuilder().setRole(this.role).setSessionToken(token.value()).build());
		T answer;
		try {
			answer = read.get();
		}
		catch (RuntimeException ex) {
			awaitLive(session);
			throw ex;
		}
		awaitLive(session);
		return answer;
	}

	/** Returns once the session is known to be live; throws the check's failure otherwise. */
	private static void awaitLive(ListenableFuture<AuthenticateResponse> session) {
		try {
			session.get();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			throw new IllegalStateException("The session check failed", ex.getCause());
		}
		catch (InterruptedException ex) {
			session.cancel(true);
			Thread.currentThread().interrupt();
			throw Status.CANCELLED.withDescription("Interrupted while checking the session").asRuntimeException();
		}
	}

}
