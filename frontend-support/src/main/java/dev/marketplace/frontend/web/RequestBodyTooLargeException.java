package dev.marketplace.frontend.web;

import java.io.IOException;

/**
 * A request body of unknown length (chunked) that grew past the limit while it was read. An
 * {@link IOException}, so it stops whatever reads the body; the handler answers it with
 * {@link #answer()}.
 */
public class RequestBodyTooLargeException extends IOException {

	private final ApiException answer;

	RequestBodyTooLargeException(ApiException answer) {
		super(answer.getMessage());
		this.answer = answer;
	}

	ApiException answer() {
		return this.answer;
	}

}
