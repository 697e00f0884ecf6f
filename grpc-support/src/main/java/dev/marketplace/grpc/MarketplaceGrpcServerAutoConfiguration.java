package dev.marketplace.grpc;

import io.grpc.Status;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.grpc.server.exception.GrpcExceptionHandler;

/**
 * Turns every {@link MarketplaceException} thrown by a gRPC service into its status, so service
 * implementations just throw; and transient database failures (a deadlock victim, a lock wait
 * timeout, no pooled connection in time) into UNAVAILABLE, which callers may retry.
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

}
