package dev.marketplace.customer.account;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import dev.marketplace.grpc.MarketplaceException;

/** The limits MARKETPLACE.md sets on account fields, checked before anything is stored. */
final class AccountRules {

	private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9_.-]{3,32}");

	private AccountRules() {
	}

	/** Whether an account can have this username at all. */
	static boolean isUsername(String username) {
		return USERNAME.matcher(username).matches();
	}

	/** Characters as MARKETPLACE.md, JSON Schema and the utf8mb4 columns count them: code points. */
	private static int characters(String text) {
		return text.codePointCount(0, text.length());
	}

	static void checkNewAccount(String username, String password, String name) {
		List<String> problems = new ArrayList<>();
		if (!isUsername(username)) {
			problems.add("username must be 3 to 32 of A-Z a-z 0-9 _ . -");
		}
		int passwordLength = characters(password);
		if (passwordLength < 8 || passwordLength > 64) {
			problems.add("password must be 8 to 64 characters");
		}
		if (name.isBlank() || characters(name) > 32) {
			problems.add("name must be 1 to 32 characters");
		}
		if (name.chars().anyMatch(Character::isISOControl)) {
			problems.add("name must not contain control characters");
		}
		if (!problems.isEmpty()) {
			throw MarketplaceException.invalidArgument(String.join("; ", problems));
		}
	}

}
