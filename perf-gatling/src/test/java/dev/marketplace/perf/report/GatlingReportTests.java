package dev.marketplace.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class GatlingReportTests {

	static String row(String name, long total, long ko, long... times) {
		StringBuilder row = new StringBuilder("<tr id=\"req_" + name.hashCode() + "\" data-parent=\"ROOT\">\n")
			.append("  <td class=\"total col-1\"><span id=\"x\" class=\"ellipsed-name\">")
			.append(name)
			.append("</span></td>\n")
			.append("  <td class=\"value total col-2\">").append(total).append("</td>\n")
			.append("  <td class=\"value ok col-3\">").append(total - ko).append("</td>\n")
			.append("  <td class=\"value ko col-4\">").append(ko).append("</td>\n")
			.append("  <td class=\"value ko col-5\">0</td>\n")
			.append("  <td class=\"value total col-6\">12.5</td>\n");
		for (int i = 0; i < times.length; i++) {
			row.append("  <td class=\"value total col-").append(7 + i).append("\">").append(times[i]).append("</td>\n");
		}
		return row.append("</tr>").toString();
	}

	static String report(String... rows) {
		return "<html><table><tbody>" + String.join("", rows) + "</tbody></table></html>";
	}

	@Test
	void readsEveryRowWithItsCountsAndResponseTimes() {
		List<OperationStats> rows = GatlingReport.parse(report(row("All Requests", 2000, 3, 1, 5, 7, 12, 30, 90, 6, 4),
				row("GetItem", 300, 0, 2, 4, 6, 10, 20, 40, 5, 3)));

		assertThat(rows).containsExactly(new OperationStats("All Requests", 2000, 3, 1, 5, 7, 12, 30, 90, 6),
				new OperationStats("GetItem", 300, 0, 2, 4, 6, 10, 20, 40, 5));
	}

	@Test
	void readsThousandsSeparatorsAndDashes() {
		String html = report(row("All Requests", 0, 0, 1, 2, 3, 4, 5, 6, 7, 8)).replace(">0</td>", ">-</td>")
			.replace("col-2\">-", "col-2\">200,000");

		assertThat(GatlingReport.parse(html).get(0).requests()).isEqualTo(200_000);
	}

	/** Gatling's response-time distribution chart: response times in ms and their shares in percent. */
	static String distribution(String millis, String okShares, String koShares) {
		return "<script>new Highcharts.Chart({\n  chart: {\n    renderTo: 'ResponseTimeDistributionContainerId',\n"
				+ "    type: 'column'\n  },\n  xAxis: {\n    categories: [" + millis + "],\n    tickInterval: 20\n  },\n"
				+ "  series: [\n  \t{\ntype: 'column',\nname: 'OK',\ndata: [\n  " + okShares + "\n],\n},\n"
				+ "  \t{\ntype: 'column',\nname: 'KO',\ndata: [\n  " + koShares + "\n],\n}\n  ]\n});</script>";
	}

	private static final OperationStats ALL_WITHIN_16_MS = new OperationStats("All Requests", 2000, 0, 0, 2, 2, 5, 9,
			16, 2);

	@Test
	void readsTheExactMeanFromADistributionWithOneColumnPerMillisecond() {
		String html = distribution("'1', '2', '4'", "50,30,20", "");

		assertThat(GatlingReport.meanMillis(html, ALL_WITHIN_16_MS)).hasValueCloseTo(1.9, within(1e-9));
	}

	@Test
	void countsFailedRequestsInTheMean() {
		String html = distribution("'1', '2', '10'", "50,40,0", "0,0,10");

		assertThat(GatlingReport.meanMillis(html, ALL_WITHIN_16_MS)).hasValueCloseTo(2.3, within(1e-9));
	}

	@Test
	void hasNoExactMeanWhenTheColumnsAreWiderThanAMillisecond() {
		OperationStats spreadOver150Ms = new OperationStats("All Requests", 2000, 0, 5, 90, 100, 130, 140, 155, 95);
		String html = distribution("'5', '14', '22'", "50,30,20", "");

		assertThat(GatlingReport.meanMillis(html, spreadOver150Ms)).isEmpty();
	}

	@Test
	void fallsBackToTheTablesWholeMillisecondsWithoutADistribution(@TempDir Path folder) throws IOException {
		Path page = folder.resolve("index.html");
		Files.writeString(page, report(row("All Requests", 2000, 0, 0, 2, 2, 5, 9, 16, 2, 1)));

		assertThat(GatlingReport.read(page).meanMillis()).isEqualTo(2.0);
	}

	@Test
	void refusesAPageWithoutTheAllRequestsRow() {
		assertThatIllegalArgumentException().isThrownBy(() -> GatlingReport.parse(report(row("GetItem", 1, 0))))
			.withMessageContaining("All Requests");
	}

}
