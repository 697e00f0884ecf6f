package dev.marketplace.customer.throttling;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * At most {@code permits} calls do one kind of work at once; the others wait their turn, first
 * come first served, while their deadline allows and {@code maxWait} at most, and are then
 * refused with RESOURCE_EXHAUSTED (503 with Retry-After at the frontends). More than
 * {@code maxQueued} waiting is an overload far beyond any burst, refused at once.
 */
public final class Bulkhead {

	private final Semaphore permits;

	private final Duration maxWait;

	private final int maxQueued;

	private final String refusal;

	private final AtomicInteger queued = new AtomicInteger();

	/** @param refusal what a refused call is told */
	public Bulkhead(int permits, Duration maxWait, int maxQueued, String refusal) {
		this.permits = new Semaphore(permits, true);
		this.maxWait = maxWait;
		this.maxQueued = maxQueued;
		this.refusal = refusal;
	}

	public <T> T run(Supplier<T> work) {
		if (this.queued.incrementAndGet() > this.maxQueued) {
			this.queued.decrementAndGet();
			throw refused();
		}
		boolean acquired;
		try {
			acquired = this.permits.tryAcquire(waitAllowed(), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			acquired = false;
		}
		finally {
			this.queued.decrementAndGet();
		}
		if (!acquired) {
			throw refused();
		}
		try {
			return work.get();
		}
		finally {
			this.permits.release();
		}
	}

	/** Until the call's deadline, when it has one, and {@code maxWait} at most. */
	private long waitAllowed() {
		Deadline deadline = Context.current().getDeadline();
		long maxWait = this.maxWait.toNanos();
		return (deadline == null) ? maxWait : Math.min(maxWait, deadline.timeRemaining(TimeUnit.NANOSECONDS));
	}

	private StatusRuntimeException refused() {
		return Status.RESOURCE_EXHAUSTED.withDescription(this.refusal).asRuntimeException();
	}

}
