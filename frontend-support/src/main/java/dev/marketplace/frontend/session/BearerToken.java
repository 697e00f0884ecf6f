package dev.marketplace.frontend.session;

/** The session token a request carries in {@code Authorization: Bearer <token>}. */
public record BearerToken(String value) {

	@Override
	public String toString() {
		return "BearerToken[redacted]";
	}

}
