package dev.marketplace.customer.account;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Component;

/**
 * Salted BCrypt hashes. Only the hash is ever stored; passwords are never logged.
 */
@Component
public class PasswordHashing {

	private final BCryptPasswordEncoder encoder;

	/** Compared against when the username is unknown, so both failures take the same time. */
	private final String decoyHash;

	PasswordHashing(Settings settings) {
		this.encoder = new BCryptPasswordEncoder(settings.strength());
		this.decoyHash = this.encoder.encode("decoy-password-never-valid");
	}

	String hash(String password) {
		return this.encoder.encode(password);
	}

	public boolean matches(String password, String hash) {
		return this.encoder.matches(password, hash);
	}

	/** Spends the time a real check takes, for a username that does not exist. */
	public void spendComparableTime(String password) {
		this.encoder.matches(password, this.decoyHash);
	}

	/** @param strength BCrypt log rounds; 10 costs about 60 ms a check on one core */
	@ConfigurationProperties("marketplace.passwords")
	record Settings(Integer strength) {

		Settings {
			strength = (strength == null) ? 10 : strength;
		}

	}

}
