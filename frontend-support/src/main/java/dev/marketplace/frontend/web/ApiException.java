package dev.marketplace.frontend.web;

import java.time.Duration;
import java.util.Optional;

import org.springframework.http.HttpStatus;

/** A failure found by a frontend itself, answered as problem+json with the given status and code. */
public class ApiException extends RuntimeException {

	private final HttpStatus status;

	private final String code;

	private final Duration retryAfter;

	public ApiException(HttpStatus status, String code, String detail) {
		this(status, code, detail, null);
	}

	/** A failure the client may repeat the request after, told in a {@code Retry-After} header. */
	public ApiException(HttpStatus status, String code, String detail, Duration retryAfter) {
		super(detail);
		this.status = status;
		this.code = code;
		this.retryAfter = retryAfter;
	}

	public static ApiException unauthenticated(String detail) {
		return new ApiException(HttpStatus.UNAUTHORIZED, "UNAUTHENTICATED", detail);
	}

	public HttpStatus status() {
		return this.status;
	}

	public String code() {
		return this.code;
	}

	public Optional<Duration> retryAfter() {
		return Optional.ofNullable(this.retryAfter);
	}

}
