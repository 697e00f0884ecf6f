package dev.marketplace.grpc;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

import io.grpc.BindableService;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.grpc.server.autoconfigure.GrpcServerAutoConfiguration;
import org.springframework.boot.grpc.server.autoconfigure.GrpcServerExecutorProvider;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which threads serve a database service's gRPC calls: virtual ones where the application runs on
 * them, grpc-java's own pool otherwise. Calls go through a real (in-process) gRPC server.
 */
class GrpcServerThreadsTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(GrpcServerAutoConfiguration.class,
				MarketplaceGrpcServerAutoConfiguration.class))
		.withUserConfiguration(ThreadNameService.class)
		.withPropertyValues("spring.grpc.server.inprocess.name=threads-test",
				"spring.grpc.server.port=0", "spring.grpc.server.observation.enabled=false");

	@Test
	@EnabledForJreRange(min = JRE.JAVA_21)
	void servesCallsOnVirtualThreadsWhenTheApplicationRunsOnThem() {
		this.contextRunner.withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			assertThat(context).hasSingleBean(GrpcServerExecutorProvider.class);
			Thread servedBy = callServer();
			assertThat(servedBy.getClass().getName()).isEqualTo("java.lang.VirtualThread");
			assertThat(servedBy.getName()).startsWith("grpc-server-call-");
		});
	}

	@Test
	void servesCallsOnGrpcDefaultPoolWithoutVirtualThreads() {
		this.contextRunner.run((context) -> {
			assertThat(context).doesNotHaveBean(GrpcServerExecutorProvider.class);
			assertThat(callServer().getName()).startsWith("grpc-default-executor-");
		});
	}

	@Test
	void startsWithoutGrpcServerOnTheClasspath() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(MarketplaceGrpcServerAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(GrpcServerExecutorProvider.class))
			.withPropertyValues("spring.threads.virtual.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(GrpcServerExecutorProvider.class));
	}

	private static Thread callServer() {
		ManagedChannel channel = InProcessChannelBuilder.forName("threads-test").directExecutor().build();
		try {
			ClientCalls.blockingUnaryCall(channel, ThreadNameService.METHOD, CallOptions.DEFAULT, "");
			return ThreadNameService.lastServedBy.get();
		}
		finally {
			channel.shutdownNow();
		}
	}

	/** Remembers the thread that served its last call. */
	@Configuration(proxyBeanMethods = false)
	static class ThreadNameService {

		static final MethodDescriptor<String, String> METHOD = MethodDescriptor.<String, String>newBuilder()
			.setType(MethodDescriptor.MethodType.UNARY)
			.setFullMethodName("test.Threads/Serve")
			.setRequestMarshaller(new Utf8())
			.setResponseMarshaller(new Utf8())
			.build();

		static final AtomicReference<Thread> lastServedBy = new AtomicReference<>();

		@Bean
		BindableService threads() {
			return () -> ServerServiceDefinition.builder("test.Threads")
				.addMethod(METHOD, ServerCalls.asyncUnaryCall((request, response) -> {
					lastServedBy.set(Thread.currentThread());
					response.onNext(request);
					response.onCompleted();
				}))
				.build();
		}

	}

	private static final class Utf8 implements MethodDescriptor.Marshaller<String> {

		@Override
		public InputStream stream(String value) {
			return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
		}

		@Override
		public String parse(InputStream stream) {
			try {
				return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

}
