package dev.marketplace.frontend.web;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Treats an Accept header that is not a list of media types as absent (any type accepted), as
 * Spring's own welcome page does. Left in place, it made every answer, errors included, an empty
 * body: Spring MVC could not choose a type for the problem either.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10) // before any filter that answers, such as RequestSizeLimitFilter
public class UnparseableAcceptFilter extends OncePerRequestFilter {

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		chain.doFilter(isParseable(request.getHeader(HttpHeaders.ACCEPT)) ? request : new WithoutAccept(request),
				response);
	}

	private static boolean isParseable(String accept) {
		if (accept == null) {
			return true;
		}
		try {
			MediaType.parseMediaTypes(accept);
			return true;
		}
		catch (InvalidMediaTypeException ex) {
			return false;
		}
	}

	private static final class WithoutAccept extends HttpServletRequestWrapper {

		WithoutAccept(HttpServletRequest request) {
			super(request);
		}

		@Override
		public String getHeader(String name) {
			return HttpHeaders.ACCEPT.equalsIgnoreCase(name) ? null : super.getHeader(name);
		}

		@Override
		public Enumeration<String> getHeaders(String name) {
			return HttpHeaders.ACCEPT.equalsIgnoreCase(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
		}

		@Override
		public Enumeration<String> getHeaderNames() {
			return Collections.enumeration(Collections.list(super.getHeaderNames())
				.stream()
				.filter((name) -> !HttpHeaders.ACCEPT.equalsIgnoreCase(name))
				.toList());
		}

	}

}
