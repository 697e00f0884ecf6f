package dev.marketplace.frontend;

import java.io.IOException;
import java.io.UncheckedIOException;

import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;

/**
 * A gRPC server in this JVM and a channel to it: the stubs under test are the generated ones,
 * and every answer, failure and trailer crosses a real gRPC call (grpc-java's advice in place of
 * mocking stubs).
 */
public final class InProcessGrpcServer implements AutoCloseable {

	private final Server server;

	private final ManagedChannel channel;

	private InProcessGrpcServer(Server server, ManagedChannel channel) {
		this.server = server;
		this.channel = channel;
	}

	/** Serves these services on the calling thread, under a name of its own. */
	public static InProcessGrpcServer serving(ServerServiceDefinition... services) {
		String name = InProcessServerBuilder.generateName();
		InProcessServerBuilder server = InProcessServerBuilder.forName(name).directExecutor();
		for (ServerServiceDefinition service : services) {
			server.addService(service);
		}
		try {
			return new InProcessGrpcServer(server.build().start(),
					InProcessChannelBuilder.forName(name).directExecutor().build());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public Channel channel() {
		return this.channel;
	}

	@Override
	public void close() {
		this.channel.shutdownNow();
		this.server.shutdownNow();
	}

}
