package dev.marketplace.frontend.web;

import org.springframework.http.HttpStatus;

/** A failure found by a frontend itself, answered as problem+json with the given status and code. */
public class ApiException extends RuntimeException {

	private final HttpStatus status;

	private final String code;

	public ApiException(HttpStatus status, String code, String detail) {
		super(detail);
		this.status = status;
		this.code = code;
	}

	public static ApiException unauthenticated(String detail) {
		return new ApiException(HttpStatus.UNAUTHORIZED, "UNAUTHENTICATED", detail);
	}

	public static ApiException validation(String detail) {
		return new ApiException(HttpStatus.BAD_REQUEST, "VALIDATION_FAILED", detail);
	}

	public HttpStatus status() {
		return this.status;
	}

	public String code() {
		return this.code;
	}

}
