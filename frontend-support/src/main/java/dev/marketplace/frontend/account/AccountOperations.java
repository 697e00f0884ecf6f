package dev.marketplace.frontend.account;

import dev.marketplace.frontend.FrontendProperties;
import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.proto.customer.v1.AccountServiceGrpc.AccountServiceBlockingStub;
import dev.marketplace.proto.customer.v1.CreateAccountRequest;
import dev.marketplace.proto.customer.v1.LoginRequest;
import dev.marketplace.proto.customer.v1.LoginResponse;
import dev.marketplace.proto.customer.v1.LogoutRequest;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceBlockingStub;

import org.springframework.stereotype.Component;

/** CreateAccount, Login and Logout for this frontend's role; each frontend's controller names the fields. */
@Component
public class AccountOperations {

	private final AccountServiceBlockingStub accounts;

	private final SessionServiceBlockingStub sessions;

	private final FrontendProperties frontend;

	AccountOperations(AccountServiceBlockingStub accounts, SessionServiceBlockingStub sessions,
			FrontendProperties frontend) {
		this.accounts = accounts;
		this.sessions = sessions;
		this.frontend = frontend;
	}

	/** @return the new seller or buyer ID */
	public long createAccount(NewAccountRequest request) {
		return this.accounts
			.createAccount(CreateAccountRequest.newBuilder()
				.setRole(this.frontend.role())
				.setUsername(request.username())
				.setPassword(request.password())
				.setName(request.name())
				.build())
			.getUserId();
	}

	public LoginResponse login(CredentialsRequest request) {
		return this.sessions.login(LoginRequest.newBuilder()
			.setRole(this.frontend.role())
			.setUsername(request.username())
			.setPassword(request.password())
			.build());
	}

	public void logout(BearerToken token) {
		this.sessions.logout(
				LogoutRequest.newBuilder().setRole(this.frontend.role()).setSessionToken(token.value()).build());
	}

}
