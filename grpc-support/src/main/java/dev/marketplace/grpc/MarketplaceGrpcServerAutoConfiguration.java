package dev.marketplace.grpc;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

import com.zaxxer.hikari.HikariDataSource;
import io.grpc.Metadata;
import io.grpc.ServerBuilder;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerCallExecutorSupplier;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.binder.grpc.MetricCollectingServerInterceptor;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.hibernate.TransactionException;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.grpc.server.autoconfigure.GrpcServerExecutorProvider;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.grpc.server.GlobalServerInterceptor;
import org.springframework.grpc.server.ServerBuilderCustomizer;
import org.springframework.grpc.server.exception.CompositeGrpcExceptionHandler;
import org.springframework.grpc.server.exception.GrpcExceptionHandler;
import org.springframework.grpc.server.exception.GrpcExceptionHandlerInterceptor;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.util.ClassUtils;

/**
 * Turns every {@link MarketplaceException} thrown by a gRPC service into its status, so service
 * implementations just throw; and transient database failures (a deadlock victim, a lock wait
 * timeout, no pooled connection in time, a lost connection) into UNAVAILABLE, which callers may
 * retry. Times every call for Prometheus, lets only the callers each service lists through,
 * chooses the thread that serves each call, and has the connection pool answer at once while the
 * database is unreachable.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.grpc.server.autoconfigure.GrpcServerAutoConfiguration")
@ConditionalOnClass(GrpcExceptionHandler.class)
public class MarketplaceGrpcServerAutoConfiguration {

	private static final Log logger = LogFactory.getLog(MarketplaceGrpcServerAutoConfiguration.class);

	/** Both DB services persist through JPA; the frontends, which share this module, have no Hibernate. */
	private static final boolean HIBERNATE_PRESENT = ClassUtils.isPresent("org.hibernate.TransactionException",
			MarketplaceGrpcServerAutoConfiguration.class.getClassLoader());

	@Bean
	GrpcExceptionHandler marketplaceExceptionHandler() {
		return (exception) -> {
			if (exception instanceof MarketplaceException marketplace) {
				return marketplace.toStatusException();
			}
			if (exception instanceof StatusRuntimeException || exception instanceof StatusException) {
				// A status the service chose (a burst of logins shed): answered as it is, and not
				// logged, as a burst would flood the log with it.
				return new StatusException(Status.fromThrowable(exception), Status.trailersFromThrowable(exception));
			}
			if (isTransientDatabaseFailure(exception)) {
				logger.warn("Answering UNAVAILABLE to a transient database failure: " + exception.getMessage());
				return Status.UNAVAILABLE.withDescription("The database is busy or unreachable; try again").asException();
			}
			// Spring gRPC answers it UNKNOWN and logs nothing; the cause would be lost.
			logger.error("Unexpected failure of a gRPC call", exception);
			return null;
		};
	}

	/**
	 * A failure that says nothing about the request: a deadlock victim, a lock wait timeout, no
	 * pooled connection in time, or a connection lost (the database restarted, or dropped it),
	 * which JPA may report as a transaction it could not begin, or as Hibernate's failure to roll
	 * back a commit that failed, on a connection the pool has closed meanwhile (the commit's own
	 * error is lost then). The pool replaces a lost connection, so the same call may well succeed
	 * at once; the frontends repeat only calls that are safe to repeat, whether or not a commit
	 * whose answer was lost took effect.
	 */
	static boolean isTransientDatabaseFailure(Throwable exception) {
		for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
			if (cause instanceof TransientDataAccessException || cause instanceof DataAccessResourceFailureException
					|| cause instanceof RecoverableDataAccessException
					|| cause instanceof CannotCreateTransactionException || cause instanceof SQLTransientException
					|| cause instanceof SQLRecoverableException || cause instanceof SQLNonTransientConnectionException
					|| isConnectionException(cause) || isHibernateTransactionFailure(cause)) {
				return true;
			}
		}
		return false;
	}

	private static boolean isHibernateTransactionFailure(Throwable failure) {
		return HIBERNATE_PRESENT && failure instanceof TransactionException;
	}

	/** SQLSTATE class 08, a connection exception. */
	private static boolean isConnectionException(Throwable failure) {
		return failure instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08");
	}

	/**
	 * Per-method call counts and durations by status ({@code grpc.server.*}), in place of the
	 * Observation-based instrumentation (spring.grpc.server.observation.enabled, off in the
	 * services): that spent about a sixth of a database service's CPU under load on contexts,
	 * scopes and events nobody reads (docs/performance/design.md). Outermost, so it counts the
	 * status the caller receives: the one the exception handler inside it answers a failure with.
	 */
	@Bean
	@GlobalServerInterceptor
	@ConditionalOnClass(MetricCollectingServerInterceptor.class)
	@ConditionalOnProperty(name = "spring.grpc.server.observation.enabled", havingValue = "false")
	ServerInterceptor grpcServerMetrics(ObjectProvider<MeterRegistry> registry) {
		return new OrderedInterceptor(
				new MetricCollectingServerInterceptor(registry.getIfAvailable(() -> Metrics.globalRegistry)),
				Ordered.HIGHEST_PRECEDENCE + 1);
	}

	/**
	 * The caller's trace continued ({@link TraceContextServerInterceptor}), outermost, so every
	 * log line of the call, the exception handler's included, carries its IDs.
	 */
	@Bean
	@GlobalServerInterceptor
	@ConditionalOnClass(name = "io.micrometer.tracing.Tracer")
	@ConditionalOnProperty(name = "spring.grpc.server.observation.enabled", havingValue = "false")
	ServerInterceptor grpcServerTraceContext(ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator) {
		return new OrderedInterceptor(new TraceContextServerInterceptor(tracer.getIfAvailable(() -> Tracer.NOOP),
				propagator.getIfAvailable(() -> Propagator.NOOP)), Ordered.HIGHEST_PRECEDENCE);
	}

	/**
	 * Spring gRPC's exception handling, right inside the metrics (Spring gRPC would put it
	 * outermost, so the status it answers would bypass them and every failure count as UNKNOWN).
	 */
	@Bean
	@GlobalServerInterceptor
	@ConditionalOnClass(name = "org.springframework.boot.grpc.server.autoconfigure.GrpcServerAutoConfiguration")
	GrpcExceptionHandlerInterceptor grpcGlobalExceptionHandlerInterceptor(List<GrpcExceptionHandler> handlers) {
		GrpcExceptionHandler all = new CompositeGrpcExceptionHandler(handlers.toArray(GrpcExceptionHandler[]::new));
		return new OrderedExceptionHandling(all, Ordered.HIGHEST_PRECEDENCE + 2);
	}

	/** An interceptor placed by its order among the global ones. */
	private record OrderedInterceptor(ServerInterceptor interceptor, int order) implements ServerInterceptor, Ordered {

		@Override
		public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
				ServerCallHandler<Q, R> next) {
			return this.interceptor.interceptCall(call, headers, next);
		}

		@Override
		public int getOrder() {
			return this.order;
		}

	}

	private static final class OrderedExceptionHandling extends GrpcExceptionHandlerInterceptor implements Ordered {

		private final int order;

		OrderedExceptionHandling(GrpcExceptionHandler handler, int order) {
			super(handler);
			this.order = order;
		}

		@Override
		public int getOrder() {
			return this.order;
		}

	}

	/**
	 * Which thread serves a call. Most calls run on the Netty event loop that read them, their JDBC
	 * round trips blocking it: handing each call to a thread of its own, and back, cost a third to
	 * a half of a database service's CPU per call, and a wake-up of a sleeping thread each time
	 * (docs/performance/design.md, Threads). So the calls of one
	 * connection (each frontend has one per service) are served one after another, and a call that
	 * may take long would hold up all of them: the {@link SlowCalls} get a thread of their own, a
	 * virtual one where the application runs on them ({@code spring.threads.virtual.enabled} on JDK
	 * 21 or later). So does a call whose frontend had more calls in flight on its connection when
	 * it sent it ({@link CallsInFlight}) than
	 * {@link CallThreadsProperties#eventLoopMaxCallsInFlight()}: under heavy load, waiting for the
	 * loop to serve the calls ahead cost more than the hand-off.
	 * {@link CallThreadsProperties#callsOnEventLoop()} false gives every call a thread of its own: a
	 * virtual one, or one of grpc-java's pool without virtual threads. A configuration of its own,
	 * so the frontends, which have gRPC clients but no server, never load the server's types.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(GrpcServerExecutorProvider.class)
	@EnableConfigurationProperties(CallThreadsProperties.class)
	static class CallThreads {

		@Bean
		<T extends ServerBuilder<T>> ServerBuilderCustomizer<T> callThreads(ObjectProvider<SlowCalls> slowCalls,
				Environment environment, CallThreadsProperties properties) {
			boolean callsOnEventLoop = properties.callsOnEventLoop();
			int maxCallsInFlight = properties.eventLoopMaxCallsInFlight();
			boolean virtualThreads = Threading.VIRTUAL.isActive(environment);
			if (!callsOnEventLoop && !virtualThreads) {
				// grpc-java's default, a cached pool, reuses platform threads; a new one per call would not.
				return (builder) -> {
				};
			}
			SimpleAsyncTaskExecutor threadsOfTheirOwn = new SimpleAsyncTaskExecutor("grpc-server-call-");
			threadsOfTheirOwn.setVirtualThreads(virtualThreads);
			if (!callsOnEventLoop) {
				return (builder) -> builder.executor(threadsOfTheirOwn);
			}
			Set<String> slow = slowCalls.orderedStream()
				.flatMap((calls) -> calls.fullMethodNames().stream())
				.collect(Collectors.toUnmodifiableSet());
			ServerCallExecutorSupplier slowOnTheirOwn = new ServerCallExecutorSupplier() {

				@Override
				public <Q, R> Executor getExecutor(ServerCall<Q, R> call, Metadata headers) {
					boolean onTheLoop = !slow.contains(call.getMethodDescriptor().getFullMethodName())
							&& CallsInFlight.of(headers) <= maxCallsInFlight;
					return onTheLoop ? null : threadsOfTheirOwn;
				}

			};
			return (builder) -> builder.directExecutor().callExecutor(slowOnTheirOwn);
		}

	}

	/**
	 * Only the callers a service lists get through ({@link CallerAuthorization}), inside the
	 * metrics, which count the refusals. Present where callers are configured; a server without
	 * TLS then refuses every call.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(GrpcServerExecutorProvider.class)
	@ConditionalOnProperty("marketplace.grpc.server.callers.default")
	@EnableConfigurationProperties(GrpcCallersProperties.class)
	static class Callers {

		@Bean
		@GlobalServerInterceptor
		ServerInterceptor grpcCallerAuthorization(GrpcCallersProperties properties) {
			return new OrderedInterceptor(new CallerAuthorization(properties.callers()), Ordered.HIGHEST_PRECEDENCE + 3);
		}

	}

	/** See {@link UnreachableDatabaseFailsFast}. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ HikariDataSource.class, DelegatingDataSource.class })
	static class DatabaseConnections {

		@Bean
		static BeanPostProcessor unreachableDatabaseFailsFast() {
			return new BeanPostProcessor() {

				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					return (bean instanceof HikariDataSource pool) ? UnreachableDatabaseFailsFast.around(pool) : bean;
				}

			};
		}

	}

}
