package dev.marketplace.grpc;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

import io.grpc.BindableService;
import io.grpc.CallOptions;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCallHandler;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
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
import org.springframework.grpc.server.ServerBuilderCustomizer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which threads serve a database service's gRPC calls: the transport's own for most calls, one of
 * their own for the slow ones (virtual where the application runs on virtual threads) and for
 * those that arrive behind more calls of their client in flight than the limit, or one of
 * their own for every call when that is switched off (grpc-java's pool without virtual threads).
 * Calls go through a real (in-process) gRPC server, whose transport thread is the calling thread.
 */
class GrpcServerThreadsTests {

	/** In-process only: with Netty on the classpath (for other tests), Spring gRPC would start it instead. */
	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withClassLoader(new FilteredClassLoader("io.grpc.netty"))
		.withConfiguration(AutoConfigurations.of(GrpcServerAutoConfiguration.class,
				MarketplaceGrpcServerAutoConfiguration.class))
		.withUserConfiguration(ThreadNameService.class)
		.withBean(SlowCalls.class, () -> SlowCalls.methods(ThreadNameService.SLOW))
		.withPropertyValues("spring.grpc.server.inprocess.name=threads-test",
				"spring.grpc.server.port=0", "spring.grpc.server.observation.enabled=false");

	@Test
	void servesACallOnTheTransportThreadThatReadIt() {
		this.contextRunner
			.run((context) -> assertThat(callServer(ThreadNameService.QUICK)).isSameAs(Thread.currentThread()));
	}

	@Test
	void servesACallArrivingWithNoMoreCallsInFlightThanTheLimitOnTheTransportThread() {
		this.contextRunner.withPropertyValues("marketplace.grpc.server.event-loop-max-calls-in-flight=4")
			.run((context) -> assertThat(callServer(ThreadNameService.QUICK, 4)).isSameAs(Thread.currentThread()));
	}

	@Test
	void servesACallArrivingBehindMoreCallsInFlightThanTheLimitOnAThreadOfItsOwn() {
		this.contextRunner.withPropertyValues("marketplace.grpc.server.event-loop-max-calls-in-flight=4")
			.run((context) -> {
				Thread servedBy = callServer(ThreadNameService.QUICK, 5);
				assertThat(servedBy).isNotSameAs(Thread.currentThread());
				assertThat(servedBy.getName()).startsWith("grpc-server-call-");
			});
	}

	@Test
	@EnabledForJreRange(min = JRE.JAVA_21)
	void servesASlowCallOnAVirtualThreadOfItsOwnWhenTheApplicationRunsOnThem() {
		this.contextRunner.withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			Thread servedBy = callServer(ThreadNameService.SLOW);
			assertThat(servedBy.getClass().getName()).isEqualTo("java.lang.VirtualThread");
			assertThat(servedBy.getName()).startsWith("grpc-server-call-");
		});
	}

	@Test
	void servesASlowCallOnAPlatformThreadOfItsOwnWithoutVirtualThreads() {
		this.contextRunner.run((context) -> {
			Thread servedBy = callServer(ThreadNameService.SLOW);
			assertThat(servedBy).isNotSameAs(Thread.currentThread());
			assertThat(servedBy.getName()).startsWith("grpc-server-call-");
		});
	}

	@Test
	@EnabledForJreRange(min = JRE.JAVA_21)
	void servesEveryCallOnAVirtualThreadOfItsOwnWhenCallsOnTheEventLoopAreOff() {
		this.contextRunner
			.withPropertyValues("marketplace.grpc.server.calls-on-event-loop=false",
					"spring.threads.virtual.enabled=true")
			.run((context) -> {
				Thread servedBy = callServer(ThreadNameService.QUICK);
				assertThat(servedBy.getClass().getName()).isEqualTo("java.lang.VirtualThread");
				assertThat(servedBy.getName()).startsWith("grpc-server-call-");
			});
	}

	@Test
	void servesEveryCallOnGrpcDefaultPoolWhenCallsOnTheEventLoopAreOffWithoutVirtualThreads() {
		this.contextRunner.withPropertyValues("marketplace.grpc.server.calls-on-event-loop=false")
			.run((context) -> assertThat(callServer(ThreadNameService.QUICK).getName())
				.startsWith("grpc-default-executor-"));
	}

	@Test
	void startsWithoutGrpcServerOnTheClasspath() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(MarketplaceGrpcServerAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(GrpcServerExecutorProvider.class))
			.withPropertyValues("spring.threads.virtual.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ServerBuilderCustomizer.class));
	}

	private static Thread callServer(MethodDescriptor<String, String> method) {
		return callServer(method, 1);
	}

	/** A call telling the server that the client has this many calls in flight, itself included. */
	private static Thread callServer(MethodDescriptor<String, String> method, int callsInFlight) {
		ManagedChannel channel = InProcessChannelBuilder.forName("threads-test").directExecutor().build();
		try {
			Metadata headers = new Metadata();
			headers.put(CallsInFlight.HEADER, Integer.toString(callsInFlight));
			ClientCalls.blockingUnaryCall(
					ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers)), method,
					CallOptions.DEFAULT, "");
			return ThreadNameService.lastServedBy.get();
		}
		finally {
			channel.shutdownNow();
		}
	}

	/** Remembers the thread that served its last call, of either method. */
	@Configuration(proxyBeanMethods = false)
	static class ThreadNameService {

		static final MethodDescriptor<String, String> QUICK = method("test.Threads/Quick");

		static final MethodDescriptor<String, String> SLOW = method("test.Threads/Slow");

		static final AtomicReference<Thread> lastServedBy = new AtomicReference<>();

		@Bean
		BindableService threads() {
			ServerCallHandler<String, String> rememberThread = ServerCalls.asyncUnaryCall((request, response) -> {
				lastServedBy.set(Thread.currentThread());
				response.onNext(request);
				response.onCompleted();
			});
			return () -> ServerServiceDefinition.builder("test.Threads")
				.addMethod(QUICK, rememberThread)
				.addMethod(SLOW, rememberThread)
				.build();
		}

		private static MethodDescriptor<String, String> method(String fullName) {
			return MethodDescriptor.<String, String>newBuilder()
				.setType(MethodDescriptor.MethodType.UNARY)
				.setFullMethodName(fullName)
				.setRequestMarshaller(new Utf8())
				.setResponseMarshaller(new Utf8())
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
