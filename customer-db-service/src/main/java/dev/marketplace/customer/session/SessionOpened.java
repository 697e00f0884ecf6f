package dev.marketplace.customer.session;

/** Published when a login opens a session; a buyer's cart starts from its saved cart then. */
public record SessionOpened(AccountRole role, long userId, long sessionId) {
}
