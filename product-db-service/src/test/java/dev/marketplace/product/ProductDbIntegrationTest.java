package dev.marketplace.product;

import java.util.List;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import dev.marketplace.proto.product.v1.RegisterItemRequest;
import dev.marketplace.testsupport.TestCertificates;
import dev.marketplace.testsupport.TestDatabaseServer;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.grpc.server.lifecycle.GrpcServerLifecycle;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The product database service on a real port and a real database, with a channel to it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "spring.grpc.server.port=0")
public abstract class ProductDbIntegrationTest {

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabaseServer.shared().registerDataSource(registry, "product");
		TestCertificates.shared().register(registry, "product-db-service");
	}

	@Autowired
	protected GrpcServerLifecycle server;

	protected ManagedChannel channel;

	protected ItemServiceGrpc.ItemServiceBlockingStub items;

	@BeforeEach
	protected void connect() {
		this.channel = Grpc
			.newChannelBuilderForAddress("127.0.0.1", this.server.getPort(),
					TestCertificates.shared().channelCredentials(TestCertificates.OPERATOR))
			.build();
		this.items = ItemServiceGrpc.newBlockingStub(this.channel);
	}

	@AfterEach
	protected void disconnect() {
		this.channel.shutdownNow();
	}

	protected Item register(RegisterItemRequest request) {
		return this.items.registerItem(request).getItem();
	}

	protected static RegisterItemRequest.Builder lamp() {
		return RegisterItemRequest.newBuilder()
			.setSellerId(7)
			.setName("Desk lamp")
			.setCategory(3)
			.addAllKeywords(List.of("lamp", "Desk"))
			.setCondition(Condition.USED)
			.setPriceCents(1250)
			.setQuantity(4);
	}

	protected static void assertFailsWith(Status.Code status, ErrorCode code, Runnable call) {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class, call::run);
		assertThat(failure).as("the call should fail").isNotNull();
		assertThat(failure.getStatus().getCode()).isEqualTo(status);
		assertThat(MarketplaceException.errorCodeOf(failure)).contains(code);
	}

}
