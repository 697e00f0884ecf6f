package dev.marketplace.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleBiFunction;

/**
 * An SVG chart of throughput and mean response time per scenario, ours beside the published
 * figures, for the scenarios they cover. Both axes are logarithmic: the figures span four orders
 * of magnitude.
 */
final class Chart {

	private static final String[] COLOURS = { "#d62728", "#1f77b4", "#6baed6", "#9467bd", "#7f7f7f" };

	private static final int PANEL_WIDTH = 460;

	private static final int PANEL_HEIGHT = 300;

	private static final int LEFT = 60;

	private static final int TOP = 40;

	private Chart() {
	}

	static String svg(List<ScenarioSummary> summaries) {
		List<ScenarioSummary> scenarios = summaries.stream()
			.filter((summary) -> PublishedFigures.cover(summary.scenario()))
			.toList();
		List<String> names = new ArrayList<>();
		names.add("this marketplace (median of runs)");
		PublishedFigures.ALL.forEach((implementation) -> names.add(implementation.name()));
		StringBuilder svg = new StringBuilder();
		int width = 2 * (PANEL_WIDTH + LEFT) + 40;
		int legendTop = TOP + PANEL_HEIGHT + 50;
		int height = legendTop + names.size() * 20 + 10;
		svg.append(String.format(Locale.ROOT,
				"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
				width, height));
		svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
		panel(svg, LEFT, "Throughput (operations/s, log scale; higher is better)", scenarios, 1, 10_000,
				(summary, index) -> (index == 0) ? summary.operationsPerSecond()
						: PublishedFigures.ALL.get(index - 1).operationsPerSecond(summary.scenario()));
		panel(svg, 2 * LEFT + PANEL_WIDTH + 40, "Mean response time (ms, log scale; lower is better)", scenarios, 0.1,
				10_000, (summary, index) -> (index == 0) ? summary.meanMillis()
						: PublishedFigures.ALL.get(index - 1).meanMillis(summary.scenario()));
		for (int i = 0; i < names.size(); i++) {
			int y = legendTop + i * 20;
			svg.append(String.format(Locale.ROOT,
					"<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>%n",
					LEFT, y, COLOURS[i % COLOURS.length], LEFT + 20, y + 12, escape(names.get(i))));
		}
		return svg.append("</svg>\n").toString();
	}

	private static void panel(StringBuilder svg, int x, String title, List<ScenarioSummary> scenarios, double low,
			double high, ToDoubleBiFunction<ScenarioSummary, Integer> value) {
		int bottom = TOP + PANEL_HEIGHT;
		svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">%s</text>%n", x, TOP - 15,
				escape(title)));
		for (double tick = low; tick <= high * 1.0001; tick *= 10) {
			int y = y(tick, low, high);
			svg.append(String.format(Locale.ROOT,
					"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
					x, y, x + PANEL_WIDTH, y, x - 5, y + 4, label(tick)));
		}
		svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>%n", x,
				bottom, x + PANEL_WIDTH, bottom));
		int series = PublishedFigures.ALL.size() + 1;
		int groupWidth = PANEL_WIDTH / Math.max(1, scenarios.size());
		int barWidth = (groupWidth - 20) / series;
		for (int group = 0; group < scenarios.size(); group++) {
			ScenarioSummary summary = scenarios.get(group);
			int groupLeft = x + group * groupWidth + 10;
			for (int i = 0; i < series; i++) {
				double figure = value.applyAsDouble(summary, i);
				int top = y(Math.max(figure, low), low, high);
				svg.append(String.format(Locale.ROOT,
						"<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>%s</title></rect>%n",
						groupLeft + i * barWidth, top, barWidth - 2, Math.max(1, bottom - top), COLOURS[i % COLOURS.length],
						label(figure)));
			}
			svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">scenario %d (%d+%d)</text>%n",
					groupLeft + (series * barWidth) / 2, bottom + 18, summary.scenario(), summary.clients(),
					summary.clients()));
			int ours = y(Math.max(value.applyAsDouble(summary, 0), low), low, high);
			svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\">%s</text>%n",
					groupLeft + barWidth / 2, ours - 4, label(value.applyAsDouble(summary, 0))));
		}
	}

	private static int y(double value, double low, double high) {
		double share = (Math.log10(value) - Math.log10(low)) / (Math.log10(high) - Math.log10(low));
		return (int) Math.round(TOP + PANEL_HEIGHT - Math.min(1, Math.max(0, share)) * PANEL_HEIGHT);
	}

	static String label(double value) {
		if (value >= 100) {
			return String.format(Locale.ROOT, "%,.0f", value);
		}
		return (value >= 10) ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.2f", value);
	}

	private static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
	}

}
