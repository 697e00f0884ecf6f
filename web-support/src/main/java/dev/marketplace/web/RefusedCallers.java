package dev.marketplace.web;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which refused callers were already reported. The first refusal of a caller is worth a WARN line;
 * the ones after it (a misconfigured client retrying) would flood the log, and the request and
 * call metrics count them all.
 */
public final class RefusedCallers {

	/** Beyond this many callers, a refusal is no longer reported as a first. */
	static final int REMEMBERED = 1_000;

	private final Set<String> reported = ConcurrentHashMap.newKeySet();

	/** Whether this is the first refusal of {@code caller} (a name, or a name and what it called). */
	public boolean isFirst(String caller) {
		return this.reported.size() < REMEMBERED && this.reported.add(caller);
	}

}
