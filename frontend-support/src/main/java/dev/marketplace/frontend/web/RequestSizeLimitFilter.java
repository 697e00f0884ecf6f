package dev.marketplace.frontend.web;

import java.io.IOException;

import dev.marketplace.frontend.FrontendProperties;
import dev.marketplace.web.RequestBodyLimit;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Refuses request bodies larger than any valid request (413, problem+json): at once when the
 * Content-Length says so, and as soon as a body sent without one (chunked) passes the limit
 * ({@link RequestBodyLimit}). The answer goes through the same exception handler as every other
 * error.
 */
@Component
public class RequestSizeLimitFilter extends OncePerRequestFilter {

	private final RequestBodyLimit limit;

	private final HandlerExceptionResolver resolver;

	RequestSizeLimitFilter(FrontendProperties frontend,
			@Qualifier("handlerExceptionResolver") HandlerExceptionResolver resolver) {
		this.limit = new RequestBodyLimit(frontend.maxRequestBytes());
		this.resolver = resolver;
	}

	/** The one answer to a body over the limit, whether its length was announced or counted. */
	static ApiException tooLarge(String detail) {
		return new ApiException(HttpStatus.CONTENT_TOO_LARGE, "PAYLOAD_TOO_LARGE", detail);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (this.limit.isAnnouncedTooLarge(request)) {
			this.resolver.resolveException(request, response, null, tooLarge(this.limit.describe()));
			return;
		}
		chain.doFilter(this.limit.limited(request), response);
	}

}
