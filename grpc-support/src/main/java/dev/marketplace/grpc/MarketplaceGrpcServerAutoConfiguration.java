package dev.marketplace.grpc;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.grpc.server.exception.GrpcExceptionHandler;

/**
 * Turns every {@link MarketplaceException} thrown by a gRPC service into its status, so service
 * implementations just throw.
 */
@AutoConfiguration
@ConditionalOnClass(GrpcExceptionHandler.class)
public class MarketplaceGrpcServerAutoConfiguration {

	@Bean
	GrpcExceptionHandler marketplaceExceptionHandler() {
		return (exception) -> (exception instanceof MarketplaceException marketplace)
				? marketplace.toStatusException() : null;
	}

}
