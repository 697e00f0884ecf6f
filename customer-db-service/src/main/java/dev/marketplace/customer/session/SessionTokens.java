package dev.marketplace.customer.session;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Session tokens: 256 random bits, URL-safe Base64. The database keeps only their SHA-256, so a
 * leaked table does not hand out live sessions.
 */
final class SessionTokens {

	private static final int TOKEN_BYTES = 32;

	private static final SecureRandom random = new SecureRandom();

	private SessionTokens() {
	}

	static String newToken() {
		byte[] bytes = new byte[TOKEN_BYTES];
		random.nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	static String hash(String token) {
		try {
			MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
			return HexFormat.of().formatHex(sha256.digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every JDK has SHA-256", ex);
		}
	}

}
