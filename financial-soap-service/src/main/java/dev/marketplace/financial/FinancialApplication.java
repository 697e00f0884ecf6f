package dev.marketplace.financial;

import java.time.Clock;

import javax.xml.transform.TransformerFactory;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ClassPathResource;
import org.springframework.ws.transport.http.MessageDispatcherServlet;
import org.springframework.ws.wsdl.wsdl11.DefaultWsdl11Definition;
import org.springframework.xml.xsd.SimpleXsdSchema;
import org.springframework.xml.xsd.XsdSchema;

/**
 * The financial transactions service: contract-first SOAP 1.1 over Spring Web Services on port
 * 8083. The WSDL is generated from {@code xsd/payments.xsd} and served at
 * {@code /ws/payments.wsdl}; requests go to {@code /ws}.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class FinancialApplication {

	private static final String TRANSFORMER_FACTORY = TransformerFactory.class.getName();

	public static void main(String[] args) {
		// SAAJ asks JAXP for a new TransformerFactory for every SOAP message it reads or writes, and
		// unless this property names one, each ask scans every jar of the application for a provider
		// (16% of this service's CPU in checkout). This names the JDK's.
		System.setProperty(TRANSFORMER_FACTORY,
				System.getProperty(TRANSFORMER_FACTORY, TransformerFactory.newDefaultInstance().getClass().getName()));
		SpringApplication.run(FinancialApplication.class, args);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	WebServiceUris webServiceUris() {
		return new WebServiceUris();
	}

	/** The bean name is the one Spring-WS's dispatcher servlet looks up. */
	@Bean(name = MessageDispatcherServlet.DEFAULT_MESSAGE_FACTORY_BEAN_NAME)
	UnreadableRequestsAre400 messageFactory() {
		return new UnreadableRequestsAre400();
	}

	/**
	 * The bean name is the one Spring-WS's dispatcher servlet looks up; the servlet gives it the
	 * message factory too, but only after the bean is initialised, which needs one.
	 */
	@Bean(name = MessageDispatcherServlet.DEFAULT_MESSAGE_RECEIVER_HANDLER_ADAPTER_BEAN_NAME)
	NonPostRequestsNamePost messageReceiverHandlerAdapter(UnreadableRequestsAre400 messageFactory) {
		NonPostRequestsNamePost adapter = new NonPostRequestsNamePost();
		adapter.setMessageFactory(messageFactory);
		return adapter;
	}

	@Bean
	XsdSchema paymentsSchema() {
		return new SimpleXsdSchema(new ClassPathResource("xsd/payments.xsd"));
	}

	/** The bean name makes the URL: {@code /ws/payments.wsdl}. */
	@Bean(name = "payments")
	DefaultWsdl11Definition payments(XsdSchema paymentsSchema) {
		DefaultWsdl11Definition wsdl = new DefaultWsdl11Definition();
		wsdl.setPortTypeName("Payments");
		wsdl.setLocationUri("/ws");
		wsdl.setTargetNamespace("urn:marketplace:payments:v1");
		wsdl.setSchema(paymentsSchema);
		return wsdl;
	}

}
