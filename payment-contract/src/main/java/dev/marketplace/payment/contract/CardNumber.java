package dev.marketplace.payment.contract;

import java.util.regex.Pattern;

/**
 * A card number as the contract takes it: 12 to 19 digits, the last a Luhn check digit. The payment
 * service judges it here, its client checks the same format before calling, and both show no more
 * of it than its last four digits.
 */
public final class CardNumber {

	/** The number's format, as a regular expression; {@link #isValid} checks the check digit too. */
	public static final String FORMAT = "^[0-9]{12,19}$";

	private static final Pattern DIGITS = Pattern.compile(FORMAT);

	private CardNumber() {
	}

	/** Whether the number has the format and a right check digit. */
	public static boolean isValid(String number) {
		return number != null && DIGITS.matcher(number).matches() && passesLuhn(number);
	}

	private static boolean passesLuhn(String digits) {
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

	/** The last four digits of the number, all that may be kept of it; empty if it has fewer. */
	public static String lastDigits(String number) {
		String digits = (number == null) ? "" : number.replaceAll("\\D", "");
		return (digits.length() >= 4) ? digits.substring(digits.length() - 4) : "";
	}

	/** The number as it may be logged: its last four digits. */
	public static String masked(String number) {
		return "****" + lastDigits(number);
	}

}
