package dev.marketplace.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

class RequestBodyLimitTests {

	final RequestBodyLimit limit = new RequestBodyLimit(10);

	@Test
	void aLengthOverTheLimitIsAnnouncedTooLarge() {
		assertThat(this.limit.isAnnouncedTooLarge(withLength(11))).isTrue();
		assertThat(this.limit.isAnnouncedTooLarge(withLength(10))).isFalse();
	}

	@Test
	void aRequestWithALengthIsPassedOnAsItIs() {
		HttpServletRequest request = withLength(5);

		assertThat(this.limit.limited(request)).isSameAs(request);
	}

	@Test
	void aChunkedBodyStopsWithExceededPastTheLimit() {
		HttpServletRequest limited = this.limit.limited(chunked("0123456789A"));

		Throwable failure = catchThrowable(() -> limited.getReader().lines().count());

		assertThat(failure).isInstanceOf(UncheckedIOException.class);
		assertThat(RequestBodyLimit.exceededIn(failure)).hasValueSatisfying(
				(exceeded) -> assertThat(exceeded).hasMessage("Request bodies are limited to 10 bytes"));
	}

	@Test
	void aChunkedBodyIsReadWholeUpToTheLimit() throws IOException {
		HttpServletRequest limited = this.limit.limited(chunked("0123456789"));

		assertThat(limited.getInputStream().readAllBytes()).asString().isEqualTo("0123456789");
	}

	@Test
	void aChunkedBodyReadWholeIsPassedOnWithItsLength() throws IOException {
		HttpServletRequest whole = this.limit.readWhole(chunked("0123456789"));

		assertThat(whole.getContentLengthLong()).isEqualTo(10);
		assertThat(whole.getInputStream().readAllBytes()).asString().isEqualTo("0123456789");
	}

	@Test
	void aChunkedBodyReadWholeIsReadAsCharactersInItsEncoding() throws IOException {
		HttpServletRequest request = chunked("caf\u00e9 \u2615");
		request.setCharacterEncoding("UTF-8");

		HttpServletRequest whole = this.limit.readWhole(request);

		assertThat(whole.getReader().readLine()).isEqualTo("caf\u00e9 \u2615");
	}

	@Test
	void aChunkedBodyOverTheLimitIsNotReadWhole() {
		assertThat(catchThrowable(() -> this.limit.readWhole(chunked("0123456789A"))))
			.isInstanceOf(RequestBodyLimit.ExceededException.class);
	}

	@Test
	void aRequestWithALengthIsPassedOnUnreadByReadWhole() throws IOException {
		HttpServletRequest request = withLength(5);

		assertThat(this.limit.readWhole(request)).isSameAs(request);
	}

	@Test
	void aFailureWithoutExceededAmongItsCausesIsNotOne() {
		assertThat(RequestBodyLimit.exceededIn(new IllegalStateException(new IOException("reset")))).isEmpty();
	}

	static MockHttpServletRequest withLength(int length) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/");
		request.setContent(new byte[length]);
		return request;
	}

	/** As Tomcat gives a chunked request: a Transfer-Encoding header and no length. */
	static HttpServletRequest chunked(String body) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/");
		request.setContent(body.getBytes(StandardCharsets.UTF_8));
		request.addHeader("Transfer-Encoding", "chunked");
		return new HttpServletRequestWrapper(request) {

			@Override
			public long getContentLengthLong() {
				return -1;
			}

		};
	}

}
