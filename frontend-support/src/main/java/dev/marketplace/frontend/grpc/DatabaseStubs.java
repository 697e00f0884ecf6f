package dev.marketplace.frontend.grpc;

import com.google.common.util.concurrent.MoreExecutors;
import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.proto.product.v1.ItemServiceGrpc;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import io.grpc.Channel;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The stubs a frontend calls the database services with, on the channels
 * {@code customerDbChannel} and {@code productDbChannel} ({@link DatabaseClients}; an in-process
 * server's in slice tests).
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseStubs {

	@Bean
	AccountServiceGrpc.AccountServiceBlockingStub accountService(@Qualifier("customerDbChannel") Channel channel) {
		return AccountServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	SessionServiceGrpc.SessionServiceBlockingStub sessionService(@Qualifier("customerDbChannel") Channel channel) {
		return SessionServiceGrpc.newBlockingStub(channel);
	}

	/** Completes on the transport thread: finishing a future is too little work for a hand-off. */
	@Bean
	SessionServiceGrpc.SessionServiceFutureStub sessionChecks(@Qualifier("customerDbChannel") Channel channel) {
		return SessionServiceGrpc.newFutureStub(channel).withExecutor(MoreExecutors.directExecutor());
	}

	@Bean
	SellerServiceGrpc.SellerServiceBlockingStub sellerService(@Qualifier("customerDbChannel") Channel channel) {
		return SellerServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	CartServiceGrpc.CartServiceBlockingStub cartService(@Qualifier("customerDbChannel") Channel channel) {
		return CartServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	PurchaseServiceGrpc.PurchaseServiceBlockingStub purchaseService(
			@Qualifier("customerDbChannel") Channel channel) {
		return PurchaseServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	StockServiceGrpc.StockServiceBlockingStub stockService(@Qualifier("productDbChannel") Channel channel) {
		return StockServiceGrpc.newBlockingStub(channel);
	}

	@Bean
	ItemServiceGrpc.ItemServiceBlockingStub itemService(@Qualifier("productDbChannel") Channel channel) {
		return ItemServiceGrpc.newBlockingStub(channel);
	}

}
