package dev.marketplace.frontend.account;

import dev.marketplace.frontend.docs.Problem;
import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.proto.customer.v1.LoginResponse;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;

/**
 * CreateAccount ({@code POST <base>}), Login ({@code POST <base>/login}) and Logout
 * ({@code POST <base>/logout}). A frontend's controller extends this under its base path and
 * names the response fields ({@code sellerId} or {@code buyerId}).
 *
 * @param <C> the CreateAccount response
 * @param <S> the Login response
 */
public abstract class AccountEndpoints<C, S> {

	private final AccountOperations accounts;

	protected AccountEndpoints(AccountOperations accounts) {
		this.accounts = accounts;
	}

	protected abstract C created(long userId);

	protected abstract S session(LoginResponse login);

	@Operation(summary = "CreateAccount",
			description = "Signs up with a username unique for the role; the password is kept only as a slow hash.")
	@Problem(status = 409, code = "USERNAME_TAKEN", when = "The username is already registered")
	@Problem(status = 429, code = "TOO_MANY_REQUESTS",
			when = "Too many sign-ups from this address; repeat after Retry-After seconds")
	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	public C createAccount(@Valid @RequestBody NewAccountRequest request, HttpServletRequest http) {
		return created(this.accounts.createAccount(request, http.getRemoteAddr()));
	}

	@Operation(summary = "Login: opens a session",
			description = "Answers a session token for 'Authorization: Bearer'; a session ends at logout or when "
					+ "idle for idleTimeoutSeconds.")
	@Problem(status = 401, code = "INVALID_CREDENTIALS", when = "Unknown username or wrong password")
	@Problem(status = 429, code = "TOO_MANY_REQUESTS",
			when = "Too many logins to this username or from this address; repeat after Retry-After seconds")
	@PostMapping("/login")
	public S login(@Valid @RequestBody CredentialsRequest request, HttpServletRequest http) {
		return session(this.accounts.login(request, http.getRemoteAddr()));
	}

	@Operation(summary = "Logout: ends this session for good",
			description = "The token never works again, and this session's cart is discarded (the saved cart stays).")
	@PostMapping("/logout")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	public void logout(BearerToken token) {
		this.accounts.logout(token);
	}

}
