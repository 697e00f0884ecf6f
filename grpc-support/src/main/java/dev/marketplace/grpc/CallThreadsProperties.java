package dev.marketplace.grpc;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which thread serves a gRPC call ({@link MarketplaceGrpcServerAutoConfiguration}).
 * @param callsOnEventLoop whether calls that are not {@link SlowCalls} run on the event loop that
 * read them; false gives every call a thread of its own
 * @param eventLoopMaxCallsInFlight a call sent while its frontend had more calls in flight on its
 * connection than this gets a thread of its own too
 */
@ConfigurationProperties("marketplace.grpc.server")
record CallThreadsProperties(@DefaultValue("true") boolean callsOnEventLoop,
		@DefaultValue("16") int eventLoopMaxCallsInFlight) {

}
