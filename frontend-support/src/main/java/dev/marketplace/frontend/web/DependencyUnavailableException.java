package dev.marketplace.frontend.web;

/** A service a request needs (other than over gRPC) is down, too slow or behind an open circuit: 503. */
public class DependencyUnavailableException extends RuntimeException {

	public DependencyUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
