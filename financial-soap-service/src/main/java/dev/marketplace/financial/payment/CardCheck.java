package dev.marketplace.financial.payment;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.marketplace.payment.contract.CardExpiry;
import dev.marketplace.payment.contract.CardNumber;
import dev.marketplace.payment.contract.SecurityCode;

/** Whether card data is well formed: a Luhn-valid number, an expiry not past, a security code. */
public final class CardCheck {

	private CardCheck() {
	}

	/** The XSD bounds the name in UTF-16 units (as its validator counts), this in characters. */
	static final int MAX_NAME_CHARACTERS = 64;

	/**
	 * What is wrong with the card, in words a cardholder understands; empty if nothing is.
	 * @param today the current month, for the expiry
	 */
	public static List<String> problems(String cardholderName, String cardNumber, String expiry,
			String securityCode, YearMonth today) {
		List<String> problems = new ArrayList<>();
		if (cardholderName == null || cardholderName.isBlank()) {
			problems.add("the cardholder name is missing");
		}
		else if (cardholderName.codePointCount(0, cardholderName.length()) > MAX_NAME_CHARACTERS) {
			problems.add("the cardholder name is longer than " + MAX_NAME_CHARACTERS + " characters");
		}
		if (!CardNumber.isValid((cardNumber == null) ? null : cardNumber.replace(" ", ""))) {
			problems.add("the card number is not valid");
		}
		Optional<YearMonth> lastMonth = CardExpiry.lastMonth(expiry);
		if (lastMonth.isEmpty()) {
			problems.add("the expiry must be MM/YY");
		}
		else if (lastMonth.get().isBefore(today)) {
			problems.add("the card has expired");
		}
		if (!SecurityCode.isValid(securityCode)) {
			problems.add("the security code must be 3 or 4 digits");
		}
		return problems;
	}

}
