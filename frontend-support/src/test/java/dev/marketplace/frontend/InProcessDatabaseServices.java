package dev.marketplace.frontend;

import dev.marketplace.frontend.grpc.DatabaseStubs;
import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import io.grpc.Channel;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The database services as one in-process server, implemented by the context's beans (mocks in
 * {@link FrontendWebMvcTest}), and the frontend's own stubs on channels to it.
 */
@TestConfiguration(proxyBeanMethods = false)
@Import(DatabaseStubs.class)
public class InProcessDatabaseServices {

	@Bean(destroyMethod = "close")
	InProcessGrpcServer databaseServices(AccountServiceGrpc.AsyncService accounts,
			SessionServiceGrpc.AsyncService sessions, SellerServiceGrpc.AsyncService sellers,
			CartServiceGrpc.AsyncService carts, PurchaseServiceGrpc.AsyncService purchases,
			ItemServiceGrpc.AsyncService items, StockServiceGrpc.AsyncService stock) {
		return InProcessGrpcServer.serving(AccountServiceGrpc.bindService(accounts),
				SessionServiceGrpc.bindService(sessions), SellerServiceGrpc.bindService(sellers),
				CartServiceGrpc.bindService(carts), PurchaseServiceGrpc.bindService(purchases),
				ItemServiceGrpc.bindService(items), StockServiceGrpc.bindService(stock));
	}

	@Bean
	Channel customerDbChannel(InProcessGrpcServer databaseServices) {
		return databaseServices.channel();
	}

	@Bean
	Channel productDbChannel(InProcessGrpcServer databaseServices) {
		return databaseServices.channel();
	}

}
