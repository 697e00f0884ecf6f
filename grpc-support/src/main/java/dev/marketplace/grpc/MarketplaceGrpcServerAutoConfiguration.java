package dev.marketplace.grpc;

import io.grpc.Status;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.binder.grpc.MetricCollectingServerInterceptor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.grpc.server.GlobalServerInterceptor;
import org.springframework.grpc.server.exception.GrpcExceptionHandler;

/**
 * Turns every {@link MarketplaceException} thrown by a gRPC service into its status, so service
 * implementations just throw; and transient database failures (a deadlock victim, a lock wait
 * timeout, no pooled connection in time) into UNAVAILABLE, which callers may retry. Times
 * every call for Prometheus.
 */
@AutoConfiguration
@ConditionalOnClass(GrpcExceptionHandler.class)
public class MarketplaceGrpcServerAutoConfiguration {

	private static final Log logger = LogFactory.getLog(MarketplaceGrpcServerAutoConfiguration.class);

	@Bean
	GrpcExceptionHandler marketplaceExceptionHandler() {
		return (exception) -> {
			if (exception instanceof MarketplaceException marketplace) {
				return marketplace.toStatusException();
			}
			if (exception instanceof TransientDataAccessException) {
				logger.warn("Answering UNAVAILABLE to a transient database failure: " + exception.getMessage());
				return Status.UNAVAILABLE.withDescription("The database is busy; try again").asException();
			}
			return null;
		};
	}

	/**
	 * Per-method call counts and durations by status ({@code grpc.server.*}), in place of the
	 * Observation-based instrumentation (spring.grpc.server.observation.enabled, off in the
	 * services): that spent about a sixth of a database service's CPU under load on contexts,
	 * scopes and events nobody reads (docs/performance/ANALYSIS.md).
	 */
	@Bean
	@GlobalServerInterceptor
	@ConditionalOnClass(MetricCollectingServerInterceptor.class)
	@ConditionalOnProperty(name = "spring.grpc.server.observation.enabled", havingValue = "false")
	MetricCollectingServerInterceptor grpcServerMetrics(ObjectProvider<MeterRegistry> registry) {
		return new MetricCollectingServerInterceptor(registry.getIfAvailable(() -> Metrics.globalRegistry));
	}

}
