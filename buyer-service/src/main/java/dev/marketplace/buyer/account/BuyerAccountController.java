package dev.marketplace.buyer.account;

import dev.marketplace.frontend.account.AccountEndpoints;
import dev.marketplace.frontend.account.AccountOperations;
import dev.marketplace.proto.customer.v1.LoginResponse;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/buyers")
class BuyerAccountController extends AccountEndpoints<BuyerAccountController.BuyerCreated, BuyerAccountController.BuyerSession> {

	BuyerAccountController(AccountOperations accounts) {
		super(accounts);
	}

	@Override
	protected BuyerCreated created(long buyerId) {
		return new BuyerCreated(buyerId);
	}

	@Override
	protected BuyerSession session(LoginResponse login) {
		return new BuyerSession(login.getSessionToken(), login.getUserId(), login.getIdleTimeoutSeconds());
	}

	record BuyerCreated(long buyerId) {
	}

	record BuyerSession(String sessionToken, long buyerId, int idleTimeoutSeconds) {
	}

}
