package dev.marketplace.frontend.web;

/** REST-API.md's list parameters: {@code limit} (default 20, at most 100) and {@code offset}. */
public final class Paging {

	public static final String DEFAULT_LIMIT = "20";

	public static final int MAX_LIMIT = 100;

	private Paging() {
	}

}
