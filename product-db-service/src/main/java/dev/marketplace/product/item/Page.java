package dev.marketplace.product.item;

import dev.marketplace.grpc.MarketplaceException;

/** A window of a result list: REST-API.md's limit (1 to 100, default 20) and offset. */
record Page(int limit, int offset) {

	static final int DEFAULT_LIMIT = 20;

	static final int MAX_LIMIT = 100;

	/** An unset (0) limit means the default. */
	static Page of(int limit, int offset) {
		if (limit < 0 || limit > MAX_LIMIT || offset < 0) {
			throw MarketplaceException.invalidArgument("limit must be 1 to " + MAX_LIMIT + " and offset 0 or more");
		}
		return new Page((limit == 0) ? DEFAULT_LIMIT : limit, offset);
	}

}
