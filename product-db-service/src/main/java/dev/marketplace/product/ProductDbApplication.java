package dev.marketplace.product;

import java.time.Clock;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The product database service: items, stock and item feedback over gRPC, stored in MySQL. */
@SpringBootApplication
@EnableScheduling
public class ProductDbApplication {

	public static void main(String[] args) {
		SpringApplication.run(ProductDbApplication.class, args);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

}
