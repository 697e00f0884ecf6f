package dev.marketplace.frontend.grpc;

import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.grpc.client.GrpcChannelFactory;

/**
 * Stubs of the database services over the named channels {@value #CUSTOMER_DB} and
 * {@value #PRODUCT_DB}, whose targets and deadlines are set under
 * {@code spring.grpc.client.channel.*} in application.yml.
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseClients {

	public static final String CUSTOMER_DB = "customer-db";

	public static final String PRODUCT_DB = "product-db";

	@Bean
	AccountServiceGrpc.AccountServiceBlockingStub accountService(GrpcChannelFactory channels) {
		return AccountServiceGrpc.newBlockingStub(channels.createChannel(CUSTOMER_DB));
	}

	@Bean
	SessionServiceGrpc.SessionServiceBlockingStub sessionService(GrpcChannelFactory channels) {
		return SessionServiceGrpc.newBlockingStub(channels.createChannel(CUSTOMER_DB));
	}

	@Bean
	ItemServiceGrpc.ItemServiceBlockingStub itemService(GrpcChannelFactory channels) {
		return ItemServiceGrpc.newBlockingStub(channels.createChannel(PRODUCT_DB));
	}

}
