package dev.marketplace.financial.payment;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.marketplace.web.LogText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xml.sax.SAXParseException;

import org.springframework.context.annotation.Configuration;
import org.springframework.ws.config.annotation.WsConfigurer;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.EndpointInterceptor;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.server.endpoint.interceptor.PayloadValidatingInterceptor;
import org.springframework.xml.xsd.XsdSchema;

/**
 * Every request is checked against the payments XSD before it reaches an endpoint: anything
 * outside it (a 15,000-character name, a transaction ID with a line break) is a SOAP Client fault
 * that says what is wrong. Responses are not checked: they are built here from the same schema's
 * classes.
 */
@Configuration(proxyBeanMethods = false)
class SchemaValidation implements WsConfigurer {

	private final XsdSchema schema;

	SchemaValidation(XsdSchema paymentsSchema) {
		this.schema = paymentsSchema;
	}

	@Override
	public void addInterceptors(List<EndpointInterceptor> interceptors) {
		PayloadValidatingInterceptor validation = new RequestValidation();
		validation.setXsdSchema(this.schema);
		validation.setValidateRequest(true);
		validation.setValidateResponse(false);
		try {
			validation.afterPropertiesSet();
		}
		catch (Exception ex) {
			throw new IllegalStateException("The payments XSD cannot validate requests", ex);
		}
		interceptors.add(validation);
	}

	/**
	 * Spring-WS's own logs each validation error as it is, and the errors quote the caller's
	 * values: here they are logged escaped, and the fault tells the caller all of them.
	 */
	static class RequestValidation extends PayloadValidatingInterceptor {

		private static final Logger logger = LoggerFactory.getLogger(SchemaValidation.class);

		@Override
		protected boolean handleRequestValidationErrors(MessageContext context, SAXParseException[] errors) {
			String problems = Arrays.stream(errors).map(SAXParseException::getMessage).collect(Collectors.joining("; "));
			logger.info("Refused a request outside the payments schema: {}", LogText.escape(problems));
			((SoapMessage) context.getResponse()).getSoapBody()
				.addClientOrSenderFault("The request does not match the payments schema: " + problems, Locale.ENGLISH);
			return false;
		}

	}

}
