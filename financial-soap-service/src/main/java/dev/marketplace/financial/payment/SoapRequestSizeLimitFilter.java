package dev.marketplace.financial.payment;

import java.io.IOException;

import dev.marketplace.web.RequestBodyLimit;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses requests larger than any AuthorizePayment message with 413, announced or sent chunked
 * ({@link RequestBodyLimit}). SAAJ holds a message whole, and the port is published: one 400 MB
 * body ran the service out of heap, and it exited. A chunked body is read here, up to the limit,
 * before SAAJ sees it: SAAJ prints the stack trace of a body cut off under it to standard error.
 */
@Component
class SoapRequestSizeLimitFilter extends OncePerRequestFilter {

	private final RequestBodyLimit limit;

	SoapRequestSizeLimitFilter(Settings settings) {
		this.limit = new RequestBodyLimit(settings.maxBytes());
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (this.limit.isAnnouncedTooLarge(request)) {
			refuse(response);
			return;
		}
		HttpServletRequest whole;
		try {
			whole = this.limit.readWhole(request);
		}
		catch (RequestBodyLimit.ExceededException ex) {
			refuse(response);
			return;
		}
		chain.doFilter(whole, response);
	}

	private void refuse(HttpServletResponse response) throws IOException {
		response.setStatus(HttpStatus.CONTENT_TOO_LARGE.value());
		response.setContentType(MediaType.TEXT_PLAIN_VALUE);
		response.getWriter().write(this.limit.describe() + "\n");
	}

	/** @param maxBytes the largest request body read; an AuthorizePayment envelope is under 2 KB */
	@ConfigurationProperties("marketplace.requests")
	record Settings(Long maxBytes) {

		Settings {
			maxBytes = (maxBytes == null) ? 16_384 : maxBytes;
		}

	}

}
