package dev.marketplace.financial.payment;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import dev.marketplace.web.RequestBodyLimit;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
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
		HttpServletRequest limited = this.limit.limited(request);
		if (limited == request) {
			chain.doFilter(request, response);
			return;
		}
		byte[] body;
		try {
			body = limited.getInputStream().readAllBytes();
		}
		catch (RequestBodyLimit.ExceededException ex) {
			refuse(response);
			return;
		}
		chain.doFilter(new ReadBodyRequest(request, body), response);
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

	/** A request whose body has been read whole already. */
	private static final class ReadBodyRequest extends HttpServletRequestWrapper {

		private final int length;

		private final ServletInputStream body;

		ReadBodyRequest(HttpServletRequest request, byte[] body) {
			super(request);
			this.length = body.length;
			ByteArrayInputStream bytes = new ByteArrayInputStream(body);
			this.body = new ServletInputStream() {

				@Override
				public int read() {
					return bytes.read();
				}

				@Override
				public int read(byte[] buffer, int offset, int length) {
					return bytes.read(buffer, offset, length);
				}

				@Override
				public boolean isFinished() {
					return bytes.available() == 0;
				}

				@Override
				public boolean isReady() {
					return true;
				}

				@Override
				public void setReadListener(ReadListener listener) {
					throw new UnsupportedOperationException("The body was read already; nothing to wait for");
				}

			};
		}

		@Override
		public ServletInputStream getInputStream() {
			return this.body;
		}

		@Override
		public int getContentLength() {
			return this.length;
		}

		@Override
		public long getContentLengthLong() {
			return this.length;
		}

	}

}
