package dev.marketplace.frontend.account;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import org.hibernate.validator.constraints.CodePointLength;

import dev.marketplace.frontend.web.PlainText;
import dev.marketplace.frontend.web.WellFormedUnicode;

/** CreateAccount's body, with MARKETPLACE.md's limits. */
public record NewAccountRequest(
		@NotNull @Pattern(regexp = "^[A-Za-z0-9_.-]{3,32}$",
				message = "must be 3 to 32 of A-Z a-z 0-9 _ . -") String username,
		@NotNull @CodePointLength(min = 8, max = 64) String password,
		@NotBlank @CodePointLength(max = 32) @Pattern(regexp = PlainText.PATTERN, message = PlainText.MESSAGE) @WellFormedUnicode String name) {

	@Override
	public String toString() {
		return "NewAccountRequest[username=" + this.username + ", name=" + this.name + "]";
	}

}
