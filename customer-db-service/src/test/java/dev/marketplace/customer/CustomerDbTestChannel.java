package dev.marketplace.customer;

import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.CreateAccountRequest;
import dev.marketplace.proto.customer.v1.LoginRequest;
import dev.marketplace.proto.customer.v1.LoginResponse;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;

/** A real plaintext gRPC channel to the service under test, with its stubs. */
public final class CustomerDbTestChannel implements AutoCloseable {

	public final ManagedChannel channel;

	public final AccountServiceGrpc.AccountServiceBlockingStub accounts;

	public final SessionServiceGrpc.SessionServiceBlockingStub sessions;

	public CustomerDbTestChannel(int port) {
		this.channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
		this.accounts = AccountServiceGrpc.newBlockingStub(this.channel);
		this.sessions = SessionServiceGrpc.newBlockingStub(this.channel);
	}

	public long createAccount(Role role, String username, String password) {
		return this.accounts
			.createAccount(CreateAccountRequest.newBuilder()
				.setRole(role)
				.setUsername(username)
				.setPassword(password)
				.setName("Test " + username)
				.build())
			.getUserId();
	}

	public LoginResponse login(Role role, String username, String password) {
		return this.sessions.login(
				LoginRequest.newBuilder().setRole(role).setUsername(username).setPassword(password).build());
	}

	@Override
	public void close() {
		this.channel.shutdownNow();
	}

}
