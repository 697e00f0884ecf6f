package dev.marketplace.customer.session;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.customer.v1.Role;

/** Whether an account or session belongs to a seller or a buyer. */
public enum AccountRole {

	SELLER, BUYER;

	public static AccountRole from(Role role) {
		return switch (role) {
			case SELLER -> SELLER;
			case BUYER -> BUYER;
			default -> throw MarketplaceException.invalidArgument("role must be SELLER or BUYER");
		};
	}

}
