package dev.marketplace.web;

/**
 * Caller-supplied text made safe for a log line: it can neither start a line of its own (a forged
 * entry) nor fill the log. Every service that logs request data logs it through {@link #escape}.
 */
public final class LogText {

	/** Longer text is cut, with the number of characters left out. */
	static final int MAX_CHARACTERS = 200;

	private LogText() {
	}

	/** Control characters as {@code \n}, {@code \r}, {@code \t} or {@code \\uXXXX}, a backslash doubled. */
	public static String escape(String text) {
		if (text == null) {
			return "null";
		}
		int shown = Math.min(text.length(), MAX_CHARACTERS);
		StringBuilder escaped = new StringBuilder(shown + 16);
		for (int i = 0; i < shown; i++) {
			char c = text.charAt(i);
			switch (c) {
				case '\n' -> escaped.append("\\n");
				case '\r' -> escaped.append("\\r");
				case '\t' -> escaped.append("\\t");
				case '\\' -> escaped.append("\\\\");
				default -> {
					if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
						escaped.append(String.format("\\u%04x", (int) c));
					}
					else {
						escaped.append(c);
					}
				}
			}
		}
		if (text.length() > shown) {
			escaped.append("...(").append(text.length() - shown).append(" more)");
		}
		return escaped.toString();
	}

}
