package dev.marketplace.buyer;

import javax.xml.transform.TransformerFactory;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The buyer frontend: REST for buyers, gRPC to the database services. Stateless. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class BuyerApplication {

	private static final String TRANSFORMER_FACTORY = TransformerFactory.class.getName();

	public static void main(String[] args) {
		// SAAJ asks JAXP for a new TransformerFactory for every SOAP message it reads or writes, and
		// unless this property names one, each ask scans every jar of the application for a provider
		// (15% of this service's CPU in checkout). This names the JDK's.
		System.setProperty(TRANSFORMER_FACTORY,
				System.getProperty(TRANSFORMER_FACTORY, TransformerFactory.newDefaultInstance().getClass().getName()));
		SpringApplication.run(BuyerApplication.class, args);
	}

}
