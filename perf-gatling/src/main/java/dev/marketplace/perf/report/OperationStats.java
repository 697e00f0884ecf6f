package dev.marketplace.perf.report;

/**
 * One row of a Gatling report's statistics table: an operation (or "All Requests") with its
 * request counts and response times in milliseconds.
 */
public record OperationStats(String operation, long requests, long failed, long min, long p50, long p75, long p95,
		long p99, long max, long mean) {

}
