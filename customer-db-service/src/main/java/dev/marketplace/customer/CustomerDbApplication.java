package dev.marketplace.customer;

import java.time.Clock;

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

}
