package dev.marketplace.customer.throttling;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

class BulkheadTests {

	private final ExecutorService callers = Executors.newCachedThreadPool();

	private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor();

	private final CountDownLatch release = new CountDownLatch(1);

	@AfterEach
	void releaseAndStop() {
		this.release.countDown();
		this.callers.shutdownNow();
		this.deadlines.shutdownNow();
	}

	@Test
	void aCallPastThePermitsWaitsForOneToBeFreed() throws Exception {
		Bulkhead bulkhead = new Bulkhead(1, Duration.ofSeconds(10), 10, "busy");
		holdThePermit(bulkhead);

		Future<String> second = this.callers.submit(() -> bulkhead.run(() -> "done"));
		await().during(Duration.ofMillis(200)).atMost(Duration.ofSeconds(5)).until(() -> !second.isDone());
		this.release.countDown();

		assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("done");
	}

	@Test
	void aCallStillWaitingAtMaxWaitIsRefusedWithResourceExhausted() {
		Bulkhead bulkhead = new Bulkhead(1, Duration.ofMillis(100), 10, "busy");
		holdThePermit(bulkhead);

		StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
				() -> bulkhead.run(() -> "never"));

		assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
		assertThat(refused.getStatus().getDescription()).isEqualTo("busy");
	}

	@Test
	void aCallWaitsNoLongerThanItsDeadlineAllows() {
		Bulkhead bulkhead = new Bulkhead(1, Duration.ofHours(1), 10, "busy");
		holdThePermit(bulkhead);
		Context.CancellableContext withDeadline = Context.current()
			.withDeadline(Deadline.after(100, TimeUnit.MILLISECONDS), this.deadlines);

		StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
				() -> withDeadline.call(() -> bulkhead.run(() -> "never")));

		assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
	}

	@Test
	void moreWaitingThanAllowedAreRefusedAtOnce() {
		Bulkhead bulkhead = new Bulkhead(1, Duration.ofHours(1), 0, "busy");

		StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
				() -> bulkhead.run(() -> "never"));

		assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
	}

	private void holdThePermit(Bulkhead bulkhead) {
		CountDownLatch running = new CountDownLatch(1);
		this.callers.submit(() -> bulkhead.run(() -> {
			running.countDown();
			return awaitRelease();
		}));
		try {
			assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private String awaitRelease() {
		try {
			this.release.await();
			return "released";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "interrupted";
		}
	}

}
