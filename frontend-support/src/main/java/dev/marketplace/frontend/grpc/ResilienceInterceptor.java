package dev.marketplace.frontend.grpc;

import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;

/**
 * A resilience4j circuit breaker and bulkhead around every call on one channel. An open circuit
 * or a full bulkhead fails the call at once with UNAVAILABLE (answered 503), instead of letting
 * requests pile up on a dependency that is down or slow. Only the dependency's own failures
 * count against the circuit; answers such as NOT_FOUND are successes, and so is
 * RESOURCE_EXHAUSTED: a dependency shedding a burst (of logins, say) is alive and protecting
 * itself, and opening the circuit would turn its shed calls into everybody's failure. So is
 * UNKNOWN, an exception the service did not expect: it answers at once, so there is no load to
 * shed, and counting it would let one client repeating a request that meets a bug open the
 * circuit for everybody. (The services answer a lost database connection UNAVAILABLE.)
 * <p>
 * A call may bring a bulkhead of its own ({@link #OWN_BULKHEAD}): logins and sign-ups, which
 * queue for the service's cores during a burst, so a burst of them cannot fill the bulkhead every
 * other call needs.
 * <p>
 * A background task's calls ({@link DatabaseClients#forBackgroundTasks}) are refused while the
 * circuit is open but do not count in it: a task retrying every few seconds against a dependency
 * that is still starting, or one whose calls fail for reasons of their own, must not open the
 * circuit the requests go through.
 */
public final class ResilienceInterceptor implements ClientInterceptor {

	static final CallOptions.Key<Boolean> BACKGROUND = CallOptions.Key.createWithDefault("marketplace.background-task",
			Boolean.FALSE);

	/** The bulkhead a call counts in instead of its channel's. */
	public static final CallOptions.Key<Bulkhead> OWN_BULKHEAD = CallOptions.Key.create("marketplace.own-bulkhead");

	private static final Set<Status.Code> DEPENDENCY_FAILURES = Set.of(Status.Code.UNAVAILABLE,
			Status.Code.DEADLINE_EXCEEDED, Status.Code.INTERNAL);

	private final CircuitBreaker circuitBreaker;

	private final Bulkhead bulkhead;

	ResilienceInterceptor(CircuitBreaker circuitBreaker, Bulkhead bulkhead) {
		this.circuitBreaker = circuitBreaker;
		this.bulkhead = bulkhead;
	}

	@Override
	public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
		Bulkhead bulkhead = (options.getOption(OWN_BULKHEAD) != null) ? options.getOption(OWN_BULKHEAD)
				: this.bulkhead;
		if (!bulkhead.tryAcquirePermission()) {
			return new RefusedCall<>(Status.UNAVAILABLE
				.withDescription("Too many concurrent calls to " + bulkhead.getName() + " (bulkhead full)"));
		}
		boolean background = options.getOption(BACKGROUND);
		if (background ? isOpen() : !this.circuitBreaker.tryAcquirePermission()) {
			bulkhead.onComplete();
			return new RefusedCall<>(Status.UNAVAILABLE
				.withDescription("Circuit breaker for " + this.circuitBreaker.getName() + " is open"));
		}
		if (background) {
			return CallCompletion.whenClosed(next.newCall(method, options), (status) -> bulkhead.onComplete());
		}
		long start = System.nanoTime();
		return CallCompletion.whenClosed(next.newCall(method, options),
				(status) -> record(bulkhead, status, System.nanoTime() - start));
	}

	/** Without taking one of a half-open circuit's trial calls, which belong to requests. */
	private boolean isOpen() {
		CircuitBreaker.State state = this.circuitBreaker.getState();
		return state == CircuitBreaker.State.OPEN || state == CircuitBreaker.State.FORCED_OPEN;
	}

	private void record(Bulkhead bulkhead, Status status, long nanos) {
		bulkhead.onComplete();
		if (DEPENDENCY_FAILURES.contains(status.getCode())) {
			this.circuitBreaker.onError(nanos, TimeUnit.NANOSECONDS, status.asRuntimeException());
		}
		else {
			this.circuitBreaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
		}
	}

	/** A call refused before it was sent: it closes at once with the given status. */
	private static final class RefusedCall<Q, R> extends ClientCall<Q, R> {

		private final Status status;

		RefusedCall(Status status) {
			this.status = status;
		}

		@Override
		public void start(Listener<R> listener, Metadata headers) {
			listener.onClose(this.status, new Metadata());
		}

		@Override
		public void request(int numMessages) {
		}

		@Override
		public void cancel(String message, Throwable cause) {
		}

		@Override
		public void halfClose() {
		}

		@Override
		public void sendMessage(Q message) {
		}

	}

}
