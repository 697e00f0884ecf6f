package dev.marketplace.customer.account;

import dev.marketplace.customer.session.AccountRole;
import dev.marketplace.customer.session.SessionService;
import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.LoginRequest;
import dev.marketplace.proto.customer.v1.LoginResponse;
import dev.marketplace.proto.customer.v1.LogoutRequest;
import dev.marketplace.proto.customer.v1.LogoutResponse;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;

/** Signing in (an account's password checked, a session opened), signing out and session checks. */
@Service
class SessionGrpcService extends SessionServiceGrpc.SessionServiceImplBase {

	private final AccountService accounts;

	private final SessionService sessions;

	SessionGrpcService(AccountService accounts, SessionService sessions) {
		this.accounts = accounts;
		this.sessions = sessions;
	}

	@Override
	public void login(LoginRequest request, StreamObserver<LoginResponse> responses) {
		SessionService.NewSession session = this.accounts.signIn(AccountRole.from(request.getRole()),
				request.getUsername(), request.getPassword(), request.getClientAddress());
		responses.onNext(LoginResponse.newBuilder()
			.setSessionToken(session.token())
			.setUserId(session.userId())
			.setIdleTimeoutSeconds(Math.toIntExact(session.idleTimeoutSeconds()))
			.build());
		responses.onCompleted();
	}

	@Override
	public void logout(LogoutRequest request, StreamObserver<LogoutResponse> responses) {
		this.sessions.logout(AccountRole.from(request.getRole()), request.getSessionToken());
		responses.onNext(LogoutResponse.getDefaultInstance());
		responses.onCompleted();
	}

	@Override
	public void authenticate(AuthenticateRequest request, StreamObserver<AuthenticateResponse> responses) {
		SessionService.LiveSession session = this.sessions.authenticate(AccountRole.from(request.getRole()),
				request.getSessionToken());
		responses.onNext(
				AuthenticateResponse.newBuilder().setUserId(session.userId()).setSessionId(session.sessionId()).build());
		responses.onCompleted();
	}

}
