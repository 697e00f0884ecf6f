package dev.marketplace.perf.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the statistics table of a Gatling HTML report (index.html): the figures the report
 * shows are the figures the benchmark quotes. Gatling 3.15 writes them only into the page.
 * The table rounds the mean to whole milliseconds, too coarse for a 2-ms target, so the mean of
 * all requests also comes from the page's response-time distribution where that is exact.
 */
public final class GatlingReport {

	/** The name of the row that sums up every measured request. */
	public static final String ALL_REQUESTS = "All Requests";

	private static final Pattern ROW = Pattern.compile("<tr id=\"[^\"]+\"[^>]*>(.*?)</tr>", Pattern.DOTALL);

	private static final Pattern NAME = Pattern.compile("class=\"ellipsed-name\">([^<]*)</span>");

	private static final Pattern CELL = Pattern.compile("<td class=\"value [a-z]+ col-(\\d+)\">([^<]*)</td>");

	private static final Pattern DISTRIBUTION = Pattern.compile(
			"renderTo: 'ResponseTimeDistributionContainerId'.*?categories: \\[([^\\]]*)\\]"
					+ ".*?name: 'OK',\\s*data: \\[([^\\]]*)\\].*?name: 'KO',\\s*data: \\[([^\\]]*)\\]",
			Pattern.DOTALL);

	/**
	 * Gatling 3.15 draws the distribution with one column per millisecond when the slowest and
	 * the fastest response are less than this many milliseconds apart, with wider columns otherwise.
	 */
	private static final int DISTRIBUTION_COLUMNS = 100;

	private GatlingReport() {
	}

	/** Every row of the report, and the mean of all requests as exactly as the page gives it. */
	public static Page read(Path indexHtml) {
		String html;
		try {
			html = Files.readString(indexHtml);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the Gatling report " + indexHtml, ex);
		}
		List<OperationStats> operations = parse(html);
		OperationStats all = operations.stream()
			.filter((stats) -> stats.operation().equals(ALL_REQUESTS))
			.findFirst()
			.orElseThrow();
		return new Page(operations, meanMillis(html, all).orElse(all.mean()));
	}

	/**
	 * The mean response time of all requests from the response-time distribution: each column is
	 * a response time in milliseconds and its share of the requests, OK and KO. Empty unless the
	 * columns are one millisecond wide, where it is exact (Gatling measures whole milliseconds).
	 */
	static OptionalDouble meanMillis(String html, OperationStats all) {
		Matcher chart = DISTRIBUTION.matcher(html);
		if (all.max() - all.min() >= DISTRIBUTION_COLUMNS || !chart.find()) {
			return OptionalDouble.empty();
		}
		double[] millis = numbers(chart.group(1));
		double[] ok = numbers(chart.group(2));
		double[] ko = numbers(chart.group(3));
		double shares = 0;
		double weighted = 0;
		for (int column = 0; column < millis.length; column++) {
			double share = at(ok, column) + at(ko, column);
			shares += share;
			weighted += millis[column] * share;
		}
		return (shares > 0) ? OptionalDouble.of(weighted / shares) : OptionalDouble.empty();
	}

	/** A chart's values, quoted or not: {@code '0', '1'} or {@code 1.65,28.85}. */
	private static double[] numbers(String list) {
		return Arrays.stream(list.split(","))
			.map((value) -> value.strip().replace("'", ""))
			.filter((value) -> !value.isEmpty())
			.mapToDouble(Double::parseDouble)
			.toArray();
	}

	private static double at(double[] values, int index) {
		return (index < values.length) ? values[index] : 0;
	}

	static List<OperationStats> parse(String html) {
		List<OperationStats> rows = new ArrayList<>();
		Matcher row = ROW.matcher(html);
		while (row.find()) {
			Matcher name = NAME.matcher(row.group(1));
			if (!name.find()) {
				continue;
			}
			long[] columns = new long[15];
			Matcher cell = CELL.matcher(row.group(1));
			while (cell.find()) {
				columns[Integer.parseInt(cell.group(1))] = number(cell.group(2));
			}
			rows.add(new OperationStats(unescape(name.group(1)), columns[2], columns[4], columns[7], columns[8],
					columns[9], columns[10], columns[11], columns[12], columns[13]));
		}
		if (rows.stream().noneMatch((stats) -> stats.operation().equals(ALL_REQUESTS))) {
			throw new IllegalArgumentException("No '" + ALL_REQUESTS + "' row: not a Gatling 3.15 report");
		}
		return rows;
	}

	/** Counts and times are whole numbers; a '-' (no failed requests) is 0. */
	private static long number(String text) {
		String value = text.trim().replace(",", "");
		if (value.isEmpty() || value.equals("-")) {
			return 0;
		}
		return Math.round(Double.parseDouble(value));
	}

	/**
	 * What the benchmark quotes from one report.
	 * @param meanMillis the mean of all requests: exact where the distribution allows, otherwise the
	 * table's whole milliseconds
	 */
	public record Page(List<OperationStats> operations, double meanMillis) {
	}

	private static String unescape(String html) {
		return html.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&#39;", "'").replace("&quot;", "\"");
	}

}
