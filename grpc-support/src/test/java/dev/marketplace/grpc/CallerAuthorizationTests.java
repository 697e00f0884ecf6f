package dev.marketplace.grpc;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.CartResponse;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.testsupport.TestCertificates;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsServerCredentials;
import io.grpc.stub.StreamObserver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Over real mutual TLS, with certificates of one private CA: the cart service lets only the buyer
 * frontend call it, and every other service (here the session service) both frontends.
 */
@ExtendWith(OutputCaptureExtension.class)
class CallerAuthorizationTests {

	private static final TestCertificates certificates = TestCertificates.shared();

	private final CallerAuthorization callers = new CallerAuthorization(Map.of(CallerAuthorization.DEFAULT,
			Set.of("buyer-service", "seller-service"), "cart-service", Set.of("buyer-service")));

	private Server server;

	@BeforeEach
	void start() throws IOException {
		TlsServerCredentials tls = (TlsServerCredentials) TlsServerCredentials.newBuilder()
			.keyManager(certificates.certificate("customer-db-service").toFile(),
					certificates.privateKey("customer-db-service").toFile())
			.trustManager(certificates.caCertificate().toFile())
			.clientAuth(TlsServerCredentials.ClientAuth.REQUIRE)
			.build();
		this.server = Grpc.newServerBuilderForPort(0, tls)
			.addService(ServerInterceptors.intercept(SessionServiceGrpc.bindService(new Sessions()), this.callers))
			.addService(ServerInterceptors.intercept(CartServiceGrpc.bindService(new Carts()), this.callers))
			.build()
			.start();
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
	}

	@Test
	void aCallerTheServiceListsIsServed() {
		assertThat(callCarts("buyer-service")).isEqualTo(Status.Code.OK);
	}

	@Test
	void aCallerTheServiceDoesNotListIsRefusedPermissionDenied() {
		assertThat(callCarts("seller-service")).isEqualTo(Status.Code.PERMISSION_DENIED);
	}

	@Test
	void onlyACallersFirstRefusalByAServiceIsLoggedAtWarn(CapturedOutput output) {
		callCarts("seller-service");
		callCarts("seller-service");

		assertThat(output.getOut().lines().filter((line) -> line.contains("WARN") && line.contains("seller-service")))
			.hasSize(1);
	}

	@Test
	void aServiceNotListedServesTheDefaultCallersOnly() {
		assertThat(callSessions("seller-service")).isEqualTo(Status.Code.OK);
		assertThat(callSessions("financial-soap-service")).isEqualTo(Status.Code.PERMISSION_DENIED);
	}

	private Status.Code callCarts(String caller) {
		return call(caller, (channel) -> CartServiceGrpc.newBlockingStub(channel).getCart(CartRequest.getDefaultInstance()));
	}

	private Status.Code callSessions(String caller) {
		return call(caller,
				(channel) -> SessionServiceGrpc.newBlockingStub(channel).authenticate(AuthenticateRequest.getDefaultInstance()));
	}

	/** The status a call made with {@code caller}'s certificate ends with. */
	private Status.Code call(String caller, Consumer<ManagedChannel> call) {
		ManagedChannel channel = Grpc
			.newChannelBuilderForAddress("127.0.0.1", this.server.getPort(), certificates.channelCredentials(caller))
			.build();
		try {
			StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class, () -> call.accept(channel));
			return (failure != null) ? failure.getStatus().getCode() : Status.Code.OK;
		}
		finally {
			channel.shutdownNow();
		}
	}

	private static final class Sessions implements SessionServiceGrpc.AsyncService {

		@Override
		public void authenticate(AuthenticateRequest request, StreamObserver<AuthenticateResponse> response) {
			response.onNext(AuthenticateResponse.getDefaultInstance());
			response.onCompleted();
		}

	}

	private static final class Carts implements CartServiceGrpc.AsyncService {

		@Override
		public void getCart(CartRequest request, StreamObserver<CartResponse> response) {
			response.onNext(CartResponse.getDefaultInstance());
			response.onCompleted();
		}

	}

}
