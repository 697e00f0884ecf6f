package dev.marketplace.financial;

import java.io.IOException;
import java.io.InputStream;

import org.springframework.ws.InvalidXmlException;
import org.springframework.ws.soap.SoapMessageCreationException;
import org.springframework.ws.soap.saaj.SaajSoapMessage;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;

/**
 * SAAJ's message factory, answering every request it cannot read with 400, as Spring-WS answers a
 * body that is not XML. Without it, a SOAP 1.2 envelope or one with a DOCTYPE (refused, so no
 * entity is ever resolved) fell through Spring-WS as a 500 with a stack trace in the log.
 */
class UnreadableRequestsAre400 extends SaajSoapMessageFactory {

	@Override
	public SaajSoapMessage createWebServiceMessage(InputStream inputStream) throws IOException {
		try {
			return super.createWebServiceMessage(inputStream);
		}
		catch (SoapMessageCreationException ex) {
			throw new InvalidXmlException(ex.getMessage(), ex);
		}
	}

}
