package dev.marketplace.financial;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.ws.transport.http.WebServiceMessageReceiverHandlerAdapter;

/**
 * Spring-WS's handler adapter for SOAP requests, answering any other method with 405 and the
 * {@code Allow} header HTTP requires of a 405; Spring-WS's own leaves it out, so a client was told
 * its method was wrong but not which one is right. The WSDL's path is read with GET as well: the
 * dispatcher servlet takes a POST to any of its paths as a SOAP request.
 */
class NonPostRequestsNamePost extends WebServiceMessageReceiverHandlerAdapter {

	@Override
	protected void handleNonPostMethod(HttpServletRequest request, HttpServletResponse response, Object handler) {
		boolean wsdl = WebServiceUris.WSDL.equals(request.getRequestURI());
		response.setHeader(HttpHeaders.ALLOW, wsdl ? "GET, POST" : "POST");
		response.setStatus(HttpStatus.METHOD_NOT_ALLOWED.value());
	}

}
