package dev.marketplace.frontend.web;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Refuses request bodies larger than any valid request (413, problem+json): at once when the
 * Content-Length says so, and as soon as a body sent without one (chunked) passes the limit, so
 * no body is ever held in memory whole whatever its size. The answer goes through the same
 * exception handler as every other error.
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

	/** The one answer to a body over the limit, whether its length was announced or counted. */
	static ApiException tooLarge(long maxBytes) {
		return new ApiException(HttpStatus.CONTENT_TOO_LARGE, "PAYLOAD_TOO_LARGE",
				"Request bodies are limited to " + maxBytes + " bytes");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		long length = request.getContentLengthLong();
		if (length > this.maxBytes) {
			this.resolver.resolveException(request, response, null, tooLarge(this.maxBytes));
			return;
		}
		// Without a Content-Length, only a Transfer-Encoding announces a body (RFC 9112, 6.3).
		boolean bodyOfUnknownLength = length < 0 && request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
		chain.doFilter(bodyOfUnknownLength ? new LimitedBodyRequest(request, this.maxBytes) : request, response);
	}

	/** A request whose body, of unknown length, cannot be read past the limit. */
	static final class LimitedBodyRequest extends HttpServletRequestWrapper {

		private final long maxBytes;

		private ServletInputStream body;

		private BufferedReader reader;

		LimitedBodyRequest(HttpServletRequest request, long maxBytes) {
			super(request);
			this.maxBytes = maxBytes;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.body == null) {
				this.body = new LimitedInputStream(super.getInputStream(), this.maxBytes);
			}
			return this.body;
		}

		@Override
		public BufferedReader getReader() throws IOException {
			if (this.reader == null) {
				String encoding = getCharacterEncoding();
				Charset charset = (encoding != null) ? Charset.forName(encoding) : StandardCharsets.UTF_8;
				this.reader = new BufferedReader(new InputStreamReader(getInputStream(), charset));
			}
			return this.reader;
		}

	}

	private static final class LimitedInputStream extends ServletInputStream {

		private final ServletInputStream body;

		private final long maxBytes;

		private long read;

		LimitedInputStream(ServletInputStream body, long maxBytes) {
			this.body = body;
			this.maxBytes = maxBytes;
		}

		@Override
		public int read() throws IOException {
			int next = this.body.read();
			if (next >= 0) {
				counted(1);
			}
			return next;
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			int count = this.body.read(buffer, offset, length);
			if (count > 0) {
				counted(count);
			}
			return count;
		}

		private void counted(int bytes) throws RequestBodyTooLargeException {
			this.read += bytes;
			if (this.read > this.maxBytes) {
				throw new RequestBodyTooLargeException(tooLarge(this.maxBytes));
			}
		}

		@Override
		public boolean isFinished() {
			return this.body.isFinished();
		}

		@Override
		public boolean isReady() {
			return this.body.isReady();
		}

		@Override
		public void setReadListener(ReadListener listener) {
			this.body.setReadListener(listener);
		}

	}

}
