package dev.marketplace.payment.contract;

import java.util.regex.Pattern;

/** A card's security code as the contract takes it; never logged or stored. */
public final class SecurityCode {

	/** The code's format, as a regular expression: 3 or 4 digits. */
	public static final String FORMAT = "^[0-9]{3,4}$";

	private static final Pattern DIGITS = Pattern.compile(FORMAT);

	private SecurityCode() {
	}

	/** Whether the code has the format. */
	public static boolean isValid(String code) {
		return code != null && DIGITS.matcher(code).matches();
	}

}
