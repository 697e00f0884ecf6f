package dev.marketplace.frontend.grpc;

import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import io.grpc.ManagedChannel;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.grpc.client.GrpcChannelFactory;

/**
 * Stubs of the database services, all stubs of one service sharing one channel (one HTTP/2
 * connection, multiplexed). The channels {@value #CUSTOMER_DB} and {@value #PRODUCT_DB} take
 * their targets and deadlines from {@code spring.grpc.client.channel.*} in application.yml.
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseClients {

	public static final String CUSTOMER_DB = "customer-db";

	public static final String PRODUCT_DB = "product-db";

	/** The channel factory shuts its channels down, so Spring must not. */
	@Bean(destroyMethod = "")
	ManagedChannel customerDbChannel(GrpcChannelFactory channels) {
		return channels.createChannel(CUSTOMER_DB);
	}

	@Bean(destroyMethod = "")
	ManagedChannel productDbChannel(GrpcChannelFactory channels) {
		return channels.createChannel(PRODUCT_DB);
	}

	@Bean
	AccountServiceGrpc.AccountServiceBlockingStub accountService(@Qualifier("customerDbChannel") ManagedChannel channel) {
		return AccountServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	SessionServiceGrpc.SessionServiceBlockingStub sessionService(@Qualifier("customerDbChannel") ManagedChannel channel) {
		return SessionServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	SellerServiceGrpc.SellerServiceBlockingStub sellerService(@Qualifier("customerDbChannel") ManagedChannel channel) {
		return SellerServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	CartServiceGrpc.CartServiceBlockingStub cartService(@Qualifier("customerDbChannel") ManagedChannel channel) {
		return CartServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	PurchaseServiceGrpc.PurchaseServiceBlockingStub purchaseService(
			@Qualifier("customerDbChannel") ManagedChannel channel) {
		return PurchaseServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	ItemServiceGrpc.ItemServiceBlockingStub itemService(@Qualifier("productDbChannel") ManagedChannel channel) {
		return ItemServiceGrpc.newBlockingStub(channel);
	}

}
