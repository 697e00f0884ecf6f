package dev.marketplace.customer.account;

import java.util.Locale;

import dev.marketplace.customer.session.AccountRole;
import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.CreateAccountRequest;
import dev.marketplace.proto.customer.v1.CreateAccountResponse;
import io.grpc.stub.StreamObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Service;

@Service
class AccountGrpcService extends AccountServiceGrpc.AccountServiceImplBase {

	private final AccountService accounts;

	private final MeterRegistry meters;

	AccountGrpcService(AccountService accounts, MeterRegistry meters) {
		this.accounts = accounts;
		this.meters = meters;
	}

	@Override
	public void createAccount(CreateAccountRequest request, StreamObserver<CreateAccountResponse> responses) {
		AccountRole role = AccountRole.from(request.getRole());
		long id = this.accounts.create(role, request.getUsername(), request.getPassword(), request.getName(),
				request.getClientAddress());
		Counter.builder("marketplace.accounts.registered")
			.description("Accounts created, by role")
			.tag("role", role.name().toLowerCase(Locale.ROOT))
			.register(this.meters)
			.increment();
		responses.onNext(CreateAccountResponse.newBuilder().setUserId(id).build());
		responses.onCompleted();
	}

}
