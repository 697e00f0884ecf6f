package dev.marketplace.financial.payment;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.marketplace.payment.contract.CardExpiry;

/** Whether card data is well formed: a Luhn-valid number, an expiry not past, a security code. */
public final class CardCheck {

	private static final Pattern DIGITS_12_TO_19 = Pattern.compile("\\d{12,19}");

	private static final Pattern SECURITY_CODE = Pattern.compile("\\d{3,4}");

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
		String number = (cardNumber == null) ? "" : cardNumber.replace(" ", "");
		if (!DIGITS_12_TO_19.matcher(number).matches() || !passesLuhn(number)) {
			problems.add("the card number is not valid");
		}
		Optional<YearMonth> lastMonth = CardExpiry.lastMonth(expiry);
		if (lastMonth.isEmpty()) {
			problems.add("the expiry must be MM/YY");
		}
		else if (lastMonth.get().isBefore(today)) {
			problems.add("the card has expired");
		}
		if (securityCode == null || !SECURITY_CODE.matcher(securityCode).matches()) {
			problems.add("the security code must be 3 or 4 digits");
		}
		return problems;
	}

	static boolean passesLuhn(String digits) {
		int sum = 0;
		boolean doubled = false;
		for (int i = digits.length() - 1; i >= 0; i--) {
			int digit = digits.charAt(i) - '0';
			if (doubled) {
				digit *= 2;
				if (digit > 9) {
					digit -= 9;
				}
			}
			sum += digit;
			doubled = !doubled;
		}
		return sum % 10 == 0;
	}

	/** The card number as it may be logged: its last four digits. */
	public static String masked(String cardNumber) {
		return "****" + lastDigits(cardNumber);
	}

	/** The last four digits of the card number, all that is kept of it. */
	static String lastDigits(String cardNumber) {
		String digits = (cardNumber == null) ? "" : cardNumber.replaceAll("\\D", "");
		return (digits.length() >= 4) ? digits.substring(digits.length() - 4) : "";
	}

}
