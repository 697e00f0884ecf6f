package dev.marketplace.frontend.web;

/**
 * REST-API.md's list parameters: {@code limit} (default 20, at most 100) and {@code offset}
 * (default 0), each {@code @RequestParam(required = false) Integer}. Not Spring's
 * {@code defaultValue}: that takes an empty {@code offset=} as absent, where the contract's
 * integer refuses it (400, by {@link DecimalDigitParameters}).
 */
public final class Paging {

	public static final int DEFAULT_LIMIT = 20;

	public static final int MAX_LIMIT = 100;

	public static final int DEFAULT_OFFSET = 0;

	private Paging() {
	}

	public static int limit(Integer limit) {
		return (limit != null) ? limit : DEFAULT_LIMIT;
	}

	public static int offset(Integer offset) {
		return (offset != null) ? offset : DEFAULT_OFFSET;
	}

}
