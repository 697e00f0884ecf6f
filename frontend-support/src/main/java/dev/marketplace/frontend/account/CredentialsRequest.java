package dev.marketplace.frontend.account;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** Login's body. Limits only guard against absurd input; wrong values are INVALID_CREDENTIALS. */
public record CredentialsRequest(@NotNull @Size(max = 64) String username,
		@NotNull @Size(max = 128) String password) {

	@Override
	public String toString() {
		return "CredentialsRequest[username=" + this.username + "]";
	}

}
