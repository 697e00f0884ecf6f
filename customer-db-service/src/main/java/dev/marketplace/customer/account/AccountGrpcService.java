package dev.marketplace.customer.account;

import dev.marketplace.customer.session.AccountRole;
import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.CreateAccountRequest;
import dev.marketplace.proto.customer.v1.CreateAccountResponse;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;

@Service
class AccountGrpcService extends AccountServiceGrpc.AccountServiceImplBase {

	private final AccountService accounts;

	AccountGrpcService(AccountService accounts) {
		this.accounts = accounts;
	}

	@Override
	public void createAccount(CreateAccountRequest request, StreamObserver<CreateAccountResponse> responses) {
		long id = this.accounts.create(AccountRole.from(request.getRole()), request.getUsername(),
				request.getPassword(), request.getName(), request.getClientAddress());
		responses.onNext(CreateAccountResponse.newBuilder().setUserId(id).build());
		responses.onCompleted();
	}

}
