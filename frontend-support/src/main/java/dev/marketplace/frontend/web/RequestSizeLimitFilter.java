package dev.marketplace.frontend.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Refuses request bodies larger than any valid request (413, problem+json) before they are read.
 * The answer goes through the same exception handler as every other error.
 */
@Component
public class RequestSizeLimitFilter extends OncePerRequestFilter {

	private final long maxBytes;

	private final HandlerExceptionResolver resolver;

	RequestSizeLimitFilter(@Value("${marketplace.frontend.max-request-bytes:16384}") long maxBytes,
			@Qualifier("handlerExceptionResolver") HandlerExceptionResolver resolver) {
		this.maxBytes = maxBytes;
		this.resolver = resolver;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getContentLengthLong() > this.maxBytes) {
			this.resolver.resolveException(request, response, null, new ApiException(HttpStatus.CONTENT_TOO_LARGE,
					"PAYLOAD_TOO_LARGE", "Request bodies are limited to " + this.maxBytes + " bytes"));
			return;
		}
		chain.doFilter(request, response);
	}

}
