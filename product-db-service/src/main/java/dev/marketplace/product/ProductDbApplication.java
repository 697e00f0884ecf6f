package dev.marketplace.product;

import java.time.Clock;

import dev.marketplace.grpc.SlowCalls;
import dev.marketplace.proto.product.v1.StockServiceGrpc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The product database service: items, stock and item feedback over gRPC, stored in MySQL. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class ProductDbApplication {

	public static void main(String[] args) {
		SpringApplication.run(ProductDbApplication.class, args);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	/**
	 * A reservation locks the rows of every item in a cart, which other purchases and the sellers'
	 * changes may hold; the reconciliation's listing reads many rows.
	 */
	@Bean
	SlowCalls stockCalls() {
		return SlowCalls.services(StockServiceGrpc.getServiceDescriptor());
	}

}
