package dev.marketplace.frontend.session;

/**
 * The user behind a request's live session: a seller ID on the seller frontend, a buyer ID on
 * the buyer frontend. Declaring a {@code Caller} parameter makes an endpoint require a session.
 */
public record Caller(long userId, BearerToken token) {
}
