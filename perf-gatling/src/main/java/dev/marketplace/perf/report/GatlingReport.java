package dev.marketplace.perf.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the statistics table of a Gatling HTML report (index.html): the figures the report
 * shows are the figures the benchmark quotes. Gatling 3.15 writes them only into the page.
 */
public final class GatlingReport {

	/** The name of the row that sums up every measured request. */
	public static final String ALL_REQUESTS = "All Requests";

	private static final Pattern ROW = Pattern.compile("<tr id=\"[^\"]+\"[^>]*>(.*?)</tr>", Pattern.DOTALL);

	private static final Pattern NAME = Pattern.compile("class=\"ellipsed-name\">([^<]*)</span>");

	private static final Pattern CELL = Pattern.compile("<td class=\"value [a-z]+ col-(\\d+)\">([^<]*)</td>");

	private GatlingReport() {
	}

	/** Every row of the report in the page's order, "All Requests" first. */
	public static List<OperationStats> read(Path indexHtml) {
		try {
			return parse(Files.readString(indexHtml));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the Gatling report " + indexHtml, ex);
		}
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

	private static String unescape(String html) {
		return html.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&#39;", "'").replace("&quot;", "\"");
	}

}
