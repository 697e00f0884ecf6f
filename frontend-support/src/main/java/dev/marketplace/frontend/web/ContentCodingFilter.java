package dev.marketplace.frontend.web;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Refuses a request body sent with a content coding such as gzip: 415, with
 * {@code Accept-Encoding: identity} naming what is read (RFC 7694). Bodies are read as sent: a
 * compressed one would otherwise be answered as malformed JSON, and one only labelled compressed
 * read as if it were not.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 20) // after UnparseableAcceptFilter, which the problem's writing needs
public class ContentCodingFilter extends OncePerRequestFilter {

	private static final String IDENTITY = "identity";

	private final HandlerExceptionResolver resolver;

	ContentCodingFilter(@Qualifier("handlerExceptionResolver") HandlerExceptionResolver resolver) {
		this.resolver = resolver;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (isReadAsSent(request)) {
			chain.doFilter(request, response);
			return;
		}
		response.setHeader(HttpHeaders.ACCEPT_ENCODING, IDENTITY);
		this.resolver.resolveException(request, response, null, new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
				"UNSUPPORTED_MEDIA_TYPE", "Request bodies are read as sent: send this one uncompressed, "
						+ "without a Content-Encoding"));
	}

	/** No content coding, or only {@code identity}, the coding that changes nothing. */
	private static boolean isReadAsSent(HttpServletRequest request) {
		if (request.getHeader(HttpHeaders.CONTENT_ENCODING) == null) {
			return true;
		}
		return Collections.list(request.getHeaders(HttpHeaders.CONTENT_ENCODING))
			.stream()
			.flatMap((header) -> Arrays.stream(header.split(",")))
			.map(String::strip)
			.allMatch((coding) -> coding.isEmpty() || coding.equalsIgnoreCase(IDENTITY));
	}

}
