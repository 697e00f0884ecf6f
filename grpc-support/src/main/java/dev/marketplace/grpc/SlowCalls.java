package dev.marketplace.grpc;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;

/**
 * gRPC methods of a database service that may keep their thread long: a password hash, and
 * anything waiting its turn for one, or a transaction that locks rows other calls may hold. Each
 * of them gets a thread of its own; every other call runs on the Netty event loop that read it,
 * so a slow call would hold up every call behind it on that connection (see
 * {@link MarketplaceGrpcServerAutoConfiguration}). A service may declare several beans of this
 * type.
 *
 * @param fullMethodNames as gRPC names them, {@code package.Service/Method}
 */
public record SlowCalls(Set<String> fullMethodNames) {

	public SlowCalls {
		fullMethodNames = Set.copyOf(fullMethodNames);
	}

	public static SlowCalls methods(MethodDescriptor<?, ?>... methods) {
		return new SlowCalls(names(Arrays.stream(methods)));
	}

	/** Every method of the services. */
	public static SlowCalls services(ServiceDescriptor... services) {
		return new SlowCalls(names(Arrays.stream(services).flatMap((service) -> service.getMethods().stream())));
	}

	private static Set<String> names(Stream<MethodDescriptor<?, ?>> methods) {
		return methods.map(MethodDescriptor::getFullMethodName).collect(Collectors.toSet());
	}

}
