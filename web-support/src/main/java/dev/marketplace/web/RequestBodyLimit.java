package dev.marketplace.web;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

/**
 * A limit on request bodies that holds whatever reads them: a body that announces a larger
 * Content-Length is refused before it is read, and one sent without a length (chunked) cannot be
 * read past the limit, so no body is ever held in memory whole whatever its size. Tomcat has no
 * such limit of its own outside form posts.
 */
public final class RequestBodyLimit {

	private final long maxBytes;

	public RequestBodyLimit(long maxBytes) {
		this.maxBytes = maxBytes;
	}

	/** What a client is told when its body is refused, whether its length was announced or counted. */
	public String describe() {
		return describe(this.maxBytes);
	}

	private static String describe(long maxBytes) {
		return "Request bodies are limited to " + maxBytes + " bytes";
	}

	/** Whether the request's Content-Length is over the limit: refuse it unread. */
	public boolean isAnnouncedTooLarge(HttpServletRequest request) {
		return request.getContentLengthLong() > this.maxBytes;
	}

	/**
	 * The request to pass on: one whose body of unknown length stops with a
	 * {@link ExceededException} past the limit, or the request itself when its length is known.
	 */
	public HttpServletRequest limited(HttpServletRequest request) {
		// Without a Content-Length, only a Transfer-Encoding announces a body (RFC 9112, 6.3).
		boolean bodyOfUnknownLength = request.getContentLengthLong() < 0
				&& request.getHeader("Transfer-Encoding") != null;
		return bodyOfUnknownLength ? new LimitedBodyRequest(request, this.maxBytes) : request;
	}

	/**
	 * The request to pass on to a reader that must not meet a body cut off under it: one whose body
	 * of unknown length has been read whole, up to the limit, or the request itself when its length
	 * is known.
	 * @throws ExceededException if the body is longer than the limit
	 */
	public HttpServletRequest readWhole(HttpServletRequest request) throws IOException {
		HttpServletRequest limited = limited(request);
		if (limited == request) {
			return request;
		}
		return new ReadBodyRequest(request, limited.getInputStream().readAllBytes());
	}

	/** The {@link ExceededException} among a failure's causes, if the body passed the limit. */
	public static Optional<ExceededException> exceededIn(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof ExceededException exceeded) {
				return Optional.of(exceeded);
			}
		}
		return Optional.empty();
	}

	/**
	 * A body of unknown length that grew past the limit while it was read. An {@link IOException},
	 * so it stops whatever reads the body; find it with {@link #exceededIn(Throwable)}.
	 */
	public static final class ExceededException extends IOException {

		ExceededException(long maxBytes) {
			super(describe(maxBytes));
		}

	}

	/** A request whose body is read through another stream, and its characters through that. */
	private abstract static class ReplacedBodyRequest extends HttpServletRequestWrapper {

		private BufferedReader reader;

		ReplacedBodyRequest(HttpServletRequest request) {
			super(request);
		}

		@Override
		public abstract ServletInputStream getInputStream() throws IOException;

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

	private static final class LimitedBodyRequest extends ReplacedBodyRequest {

		private final long maxBytes;

		private LimitedInputStream body;

		LimitedBodyRequest(HttpServletRequest request, long maxBytes) {
			super(request);
			this.maxBytes = maxBytes;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.body == null) {
				this.body = new LimitedInputStream(getRequest().getInputStream(), this.maxBytes);
			}
			return this.body;
		}

	}

	/** A request whose body has been read whole already. */
	private static final class ReadBodyRequest extends ReplacedBodyRequest {

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

		private void counted(int bytes) throws ExceededException {
			this.read += bytes;
			if (this.read > this.maxBytes) {
				throw new ExceededException(this.maxBytes);
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
