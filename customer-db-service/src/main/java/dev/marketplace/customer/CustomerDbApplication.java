package dev.marketplace.customer;

import java.time.Clock;

import dev.marketplace.grpc.SlowCalls;
import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The customer database service: accounts and sessions over gRPC, stored in MySQL. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class CustomerDbApplication {

	public static void main(String[] args) {
		SpringApplication.run(CustomerDbApplication.class, args);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	/** A password hash takes 60 ms of CPU, and waits up to a second for its turn. */
	@Bean
	SlowCalls passwordHashingCalls() {
		return SlowCalls.methods(AccountServiceGrpc.getCreateAccountMethod(), SessionServiceGrpc.getLoginMethod());
	}

	/**
	 * A purchase updates its sellers' rows, which every other purchase from them and every feedback
	 * to them update too; an attempt's claim waits on a retry of the same purchase.
	 */
	@Bean
	SlowCalls purchaseCalls() {
		return SlowCalls.services(PurchaseServiceGrpc.getServiceDescriptor());
	}

}
