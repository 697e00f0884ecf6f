package dev.marketplace.customer.account;

import java.time.Clock;
import java.util.Optional;

import dev.marketplace.customer.session.AccountRole;
import dev.marketplace.customer.session.SessionService;
import dev.marketplace.customer.session.SessionService.NewSession;
import dev.marketplace.customer.throttling.AttemptLimits;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;

/**
 * Seller and buyer accounts: signing up, signing in (a session opened once the password is
 * right), and the counters purchases and feedback grow.
 */
@Service
public class AccountService {

	private final SellerRepository sellers;

	private final BuyerRepository buyers;

	private final PasswordHashing passwords;

	private final Clock clock;

	private final AttemptLimits limits;

	private final SessionService sessions;

	AccountService(SellerRepository sellers, BuyerRepository buyers, PasswordHashing passwords, Clock clock,
			AttemptLimits limits, SessionService sessions) {
		this.sellers = sellers;
		this.buyers = buyers;
		this.passwords = passwords;
		this.clock = clock;
		this.limits = limits;
		this.sessions = sessions;
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

	/**
	 * Checks the password and opens a new session. Not one transaction: the slow hash check must
	 * not hold a database connection. Past the login limits, refused before any hashing.
	 * @param clientAddress where the request came from, or empty if not known
	 */
	public NewSession signIn(AccountRole role, String username, String password, String clientAddress) {
		this.limits.login(role.name(), username, clientAddress);
		Account account = findByUsername(role, username).orElse(null);
		if (account == null) {
			this.passwords.spendComparableTime(password);
			throw invalidCredentials();
		}
		if (!this.passwords.matches(password, account.getPasswordHash())) {
			throw invalidCredentials();
		}
		return this.sessions.open(role, account.getId());
	}

	/** Grows a buyer's items-purchased by the units a purchase bought. */
	public void countPurchase(long buyerId, long units) {
		this.buyers.addItemsPurchased(buyerId, units);
	}

	/** Grows a seller's items-sold by the units a purchase bought of theirs. */
	public void countSale(long sellerId, long units) {
		this.sellers.addItemsSold(sellerId, units);
	}

	/** Counts a buyer's vote on one of the seller's items. */
	public void countVote(long sellerId, boolean thumbsUp) {
		if (thumbsUp) {
			this.sellers.addThumbUp(sellerId);
		}
		else {
			this.sellers.addThumbDown(sellerId);
		}
	}

	Optional<Account> findByUsername(AccountRole role, String username) {
		if (!AccountRules.isUsername(username)) {
			// Never asked of the database: MariaDB's collation ignores trailing spaces, MySQL's does not.
			return Optional.empty();
		}
		return switch (role) {
			case SELLER -> this.sellers.findByUsername(username).map(Account.class::cast);
			case BUYER -> this.buyers.findByUsername(username).map(Account.class::cast);
		};
	}

	private static MarketplaceException invalidCredentials() {
		return MarketplaceException.unauthenticated(ErrorCode.INVALID_CREDENTIALS, "Wrong username or password");
	}

	private static MarketplaceException usernameTaken(String username) {
		return MarketplaceException.alreadyExists(ErrorCode.USERNAME_TAKEN,
				"The username '" + username + "' is already taken");
	}

}
