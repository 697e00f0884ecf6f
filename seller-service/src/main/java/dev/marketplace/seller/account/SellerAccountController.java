package dev.marketplace.seller.account;

import dev.marketplace.frontend.account.AccountEndpoints;
import dev.marketplace.frontend.account.AccountOperations;
import dev.marketplace.proto.customer.v1.LoginResponse;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/sellers")
class SellerAccountController extends AccountEndpoints<SellerAccountController.SellerCreated, SellerAccountController.SellerSession> {

	SellerAccountController(AccountOperations accounts) {
		super(accounts);
	}

	@Override
	protected SellerCreated created(long sellerId) {
		return new SellerCreated(sellerId);
	}

	@Override
	protected SellerSession session(LoginResponse login) {
		return new SellerSession(login.getSessionToken(), login.getUserId(), login.getIdleTimeoutSeconds());
	}

	record SellerCreated(long sellerId) {
	}

	record SellerSession(String sessionToken, long sellerId, int idleTimeoutSeconds) {
	}

}
