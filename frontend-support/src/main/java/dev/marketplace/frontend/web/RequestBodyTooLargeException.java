package dev.marketplace.frontend.web;

import java.io.IOException;

/**
 * A request body of unknown length (chunked) that grew past the limit while it was read. An
 * {@link IOException}, so it stops whatever reads the body, and is answered 413.
 */
public class RequestBodyTooLargeException extends IOException {

	RequestBodyTooLargeException(long maxBytes) {
		super(RequestSizeLimitFilter.limitMessage(maxBytes));
	}

}
