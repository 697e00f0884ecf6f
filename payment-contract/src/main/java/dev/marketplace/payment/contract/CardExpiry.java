package dev.marketplace.payment.contract;

import java.time.YearMonth;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A card's expiry as the contract writes it, {@code MM/YY}: the last month the card can be used.
 * The payment service and its client read it here, so both judge a card expired alike.
 */
public final class CardExpiry {

	/** The expiry's format, as a regular expression. */
	public static final String FORMAT = "^(0[1-9]|1[0-2])/([0-9]{2})$";

	private static final Pattern MONTH_SLASH_YEAR = Pattern.compile(FORMAT);

	private CardExpiry() {
	}

	/** The last month a card with this expiry can be used; empty if the text is not {@code MM/YY}. */
	public static Optional<YearMonth> lastMonth(String expiry) {
		Matcher month = MONTH_SLASH_YEAR.matcher((expiry != null) ? expiry : "");
		if (!month.matches()) {
			return Optional.empty();
		}
		return Optional.of(YearMonth.of(2000 + Integer.parseInt(month.group(2)), Integer.parseInt(month.group(1))));
	}

}
