package dev.marketplace.customer.account;

import java.time.Clock;
import java.util.Optional;

import dev.marketplace.customer.throttling.AttemptLimits;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;

/** Creates and finds seller and buyer accounts. */
@Service
public class AccountService {

	private final SellerRepository sellers;

	private final BuyerRepository buyers;

	private final PasswordHashing passwords;

	private final Clock clock;

	private final AttemptLimits limits;

	AccountService(SellerRepository sellers, BuyerRepository buyers, PasswordHashing passwords, Clock clock,
			AttemptLimits limits) {
		this.sellers = sellers;
		this.buyers = buyers;
		this.passwords = passwords;
		this.clock = clock;
		this.limits = limits;
	}

	/**
	 * Creates an account and returns its seller or buyer ID. Past the sign-up limit, refused
	 * before any hashing.
	 * @param clientAddress where the request came from, or empty if not known
	 */
	public long create(AccountRole role, String username, String password, String name, String clientAddress) {
		AccountRules.checkNewAccount(username, password, name);
		this.limits.signUp(role.name(), username, clientAddress);
		if (findByUsername(role, username).isPresent()) {
			throw usernameTaken(username);
		}
		String hash = this.passwords.hash(password);
		try {
			Account account = switch (role) {
				case SELLER -> this.sellers.saveAndFlush(new Seller(username, hash, name, this.clock.instant()));
				case BUYER -> this.buyers.saveAndFlush(new Buyer(username, hash, name, this.clock.instant()));
			};
			return account.getId();
		}
		catch (DataIntegrityViolationException ex) {
			// Another request registered the same username between the check and the insert.
			throw usernameTaken(username);
		}
	}

	public Optional<Account> findByUsername(AccountRole role, String username) {
		if (!AccountRules.isUsername(username)) {
			// Never asked of the database: MariaDB's collation ignores trailing spaces, MySQL's does not.
			return Optional.empty();
		}
		return switch (role) {
			case SELLER -> this.sellers.findByUsername(username).map(Account.class::cast);
			case BUYER -> this.buyers.findByUsername(username).map(Account.class::cast);
		};
	}

	private static MarketplaceException usernameTaken(String username) {
		return MarketplaceException.alreadyExists(ErrorCode.USERNAME_TAKEN,
				"The username '" + username + "' is already taken");
	}

}
