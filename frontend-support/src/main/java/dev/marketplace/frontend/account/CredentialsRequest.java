package dev.marketplace.frontend.account;

import jakarta.validation.constraints.NotNull;

import org.hibernate.validator.constraints.CodePointLength;

/** Login's body. Limits only guard against absurd input; wrong values are INVALID_CREDENTIALS. */
public record CredentialsRequest(@NotNull @CodePointLength(max = 64) String username,
		@NotNull @CodePointLength(max = 128) String password) {

	@Override
	public String toString() {
		return "CredentialsRequest[username=" + this.username + "]";
	}

}
