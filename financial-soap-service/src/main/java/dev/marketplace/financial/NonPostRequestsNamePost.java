package dev.marketplace.financial;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.ws.transport.http.WebServiceMessageReceiverHandlerAdapter;

/**
 * Spring-WS's handler adapter for SOAP requests, answering any method but POST with 405 and the
 * {@code Allow} header HTTP requires of a 405; Spring-WS's own leaves it out, so a client was told
 * its method was wrong but not which one is right.
 */
class NonPostRequestsNamePost extends WebServiceMessageReceiverHandlerAdapter {

	@Override
	protected void handleNonPostMethod(HttpServletRequest request, HttpServletResponse response, Object handler) {
		response.setHeader(HttpHeaders.ALLOW, HttpMethod.POST.name());
		response.setStatus(HttpStatus.METHOD_NOT_ALLOWED.value());
	}

}
