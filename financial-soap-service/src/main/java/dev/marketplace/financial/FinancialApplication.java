package dev.marketplace.financial;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The financial transactions service: Spring Web Services on port 8083. Its payment
 * authorisation endpoint is not written yet; for now it serves health and metrics only.
 */
@SpringBootApplication
public class FinancialApplication {

	public static void main(String[] args) {
		SpringApplication.run(FinancialApplication.class, args);
	}

}
