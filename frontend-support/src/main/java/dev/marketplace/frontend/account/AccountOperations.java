package dev.marketplace.frontend.account;

import dev.marketplace.frontend.FrontendProperties;
import dev.marketplace.frontend.grpc.ResilienceInterceptor;
import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.proto.customer.v1.AccountServiceGrpc.AccountServiceBlockingStub;
import dev.marketplace.proto.customer.v1.CreateAccountRequest;
import dev.marketplace.proto.customer.v1.LoginRequest;
import dev.marketplace.proto.customer.v1.LoginResponse;
import dev.marketplace.proto.customer.v1.LogoutRequest;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadRegistry;

import org.springframework.stereotype.Component;

/**
 * CreateAccount, Login and Logout for this frontend's role; each frontend's controller names the
 * fields. Sign-ups and logins wait for the customer database service to hash a password, which in
 * a burst means queueing for its cores: they get a deadline of their own
 * ({@link FrontendProperties#passwordCallDeadline()}) and a bulkhead of their own
 * ({@value #PASSWORD_CHECKS}), so a burst of them is served in turn and leaves every other call
 * its deadline and its bulkhead.
 */
@Component
public class AccountOperations {

	static final String PASSWORD_CHECKS = "password-checks";

	private final AccountServiceBlockingStub accounts;

	private final SessionServiceBlockingStub sessions;

	private final SessionServiceBlockingStub passwordSessions;

	private final FrontendProperties frontend;

	AccountOperations(AccountServiceBlockingStub accounts, SessionServiceBlockingStub sessions,
			FrontendProperties frontend, BulkheadRegistry bulkheads) {
		Bulkhead passwordChecks = bulkheads.bulkhead(PASSWORD_CHECKS);
		this.accounts = accounts.withOption(ResilienceInterceptor.OWN_BULKHEAD, passwordChecks);
		this.passwordSessions = sessions.withOption(ResilienceInterceptor.OWN_BULKHEAD, passwordChecks);
		this.sessions = sessions;
		this.frontend = frontend;
	}

	/**
	 * @param clientAddress where the request came from: sign-ups are limited per address
	 * @return the new seller or buyer ID
	 */
	public long createAccount(NewAccountRequest request, String clientAddress) {
		return this.accounts.withDeadlineAfter(this.frontend.passwordCallDeadline())
			.createAccount(CreateAccountRequest.newBuilder()
				.setRole(this.frontend.role())
				.setUsername(request.username())
				.setPassword(request.password())
				.setName(request.name())
				.setClientAddress(clientAddress)
				.build())
			.getUserId();
	}

	/** @param clientAddress where the request came from: logins are limited per address too */
	public LoginResponse login(CredentialsRequest request, String clientAddress) {
		return this.passwordSessions.withDeadlineAfter(this.frontend.passwordCallDeadline())
			.login(LoginRequest.newBuilder()
				.setRole(this.frontend.role())
				.setUsername(request.username())
				.setPassword(request.password())
				.setClientAddress(clientAddress)
				.build());
	}

	public void logout(BearerToken token) {
		this.sessions.logout(
				LogoutRequest.newBuilder().setRole(this.frontend.role()).setSessionToken(token.value()).build());
	}

}
