package dev.marketplace.frontend.session;

/**
 * The user behind a request's live session: a seller ID on the seller frontend, a buyer ID on
 * the buyer frontend, and the session's ID (which keys a buyer's cart). Declaring a
 * {@code Caller} parameter makes an endpoint require a session.
 */
public record Caller(long userId, long sessionId, BearerToken token) {
}
