package dev.marketplace.customer.cart;

import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.customer.CustomerDbTestChannel;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.CartLine;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.LogoutRequest;
import dev.marketplace.proto.customer.v1.RemoveFromCartRequest;
import dev.marketplace.proto.customer.v1.Role;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CartGrpcIntegrationTests extends CustomerDbIntegrationTest {

	String buyer;

	@BeforeEach
	void newBuyer() {
		this.buyer = unique();
		this.grpc.createAccount(Role.BUYER, this.buyer, PASSWORD);
	}

	@Test
	void addingTheSameItemAgainGrowsItsLine() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);

		add(cart, "3-1", 2, 10);
		List<CartLine> lines = add(cart, "3-1", 3, 10);

		assertThat(lines).containsExactly(line("3-1", 5));
	}

	@Test
	void addingBeyondTheAvailableUnitsIsFailedPreconditionAndChangesNothing() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		add(cart, "3-1", 3, 4);

		assertFailsWith(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY, () -> add(cart, "3-1", 2, 4));
		assertThat(lines(cart)).containsExactly(line("3-1", 3));
	}

	@Test
	void addingUpToExactlyTheAvailableUnitsIsAccepted() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		add(cart, "3-1", 3, 4);

		assertThat(add(cart, "3-1", 1, 4)).containsExactly(line("3-1", 4));
	}

	@Test
	void addingMoreThanTheAvailableUnitsOfANewItemIsFailedPreconditionAndAddsNoLine() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		add(cart, "3-1", 1, 10);

		assertFailsWith(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY, () -> add(cart, "3-2", 5, 4));
		assertThat(lines(cart)).containsExactly(line("3-1", 1));
	}

	@Test
	void aCartHoldsAtMostAHundredDifferentItemsAndAFullOneCanStillGrowALine() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		for (int item = 1; item <= 100; item++) {
			add(cart, "3-" + item, 1, 10);
		}

		assertFailsWith(Status.Code.FAILED_PRECONDITION, ErrorCode.CART_FULL, () -> add(cart, "3-101", 1, 10));
		assertThat(lines(cart)).hasSize(100).doesNotContain(line("3-101", 1));
		assertThat(add(cart, "3-1", 1, 10)).hasSize(100).contains(line("3-1", 2));
	}

	@Test
	void ofTwoNewLinesRacingForTheLastFreeOneTheFirstAddedKeepsIt() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		for (int item = 1; item <= 99; item++) {
			add(cart, "3-" + item, 1, 10);
		}
		// A racing add's line, inserted after this one's and not yet checked by its own request.
		this.jdbc.sql("INSERT INTO cart_lines (session_id, item_id, quantity, added_at) VALUES (?, '3-200', 1, ?)")
			.params(this.grpc.sessionIdOf(cart), LocalDateTime.now(ZoneOffset.UTC).plusHours(1))
			.update();

		assertThat(add(cart, "3-100", 1, 10)).contains(line("3-100", 1));
	}

	@Test
	void concurrentAddsToOneLineNeverHoldMoreThanTheAvailableUnits() throws Exception {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		int accepted = 0;
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try {
			List<Future<Boolean>> adds = new ArrayList<>();
			for (int i = 0; i < 20; i++) {
				adds.add(pool.submit(() -> {
					try {
						add(cart, "3-1", 1, 7);
						return true;
					}
					catch (StatusRuntimeException ex) {
						assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
						return false;
					}
				}));
			}
			for (Future<Boolean> add : adds) {
				accepted += add.get() ? 1 : 0;
			}
		}
		finally {
			pool.shutdownNow();
		}

		assertThat(accepted).isEqualTo(7);
		assertThat(lines(cart)).containsExactly(line("3-1", 7));
	}

	@Test
	void removingSomeUnitsLowersTheLineAndRemovingMoreThanItHoldsRemovesIt() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		add(cart, "3-1", 5, 10);
		add(cart, "3-2", 1, 10);

		assertThat(remove(cart, "3-1", 2)).containsExactly(line("3-1", 3), line("3-2", 1));
		assertThat(remove(cart, "3-1", 99)).containsExactly(line("3-2", 1));
		assertThat(remove(cart, "3-2", 0)).isEmpty();
	}

	@Test
	void removingAnItemNotInTheCartIsNotFoundNotInCart() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);

		assertFailsWith(Status.Code.NOT_FOUND, ErrorCode.NOT_IN_CART, () -> remove(cart, "3-1", 1));
	}

	@Test
	void twoSessionsOfOneBuyerHaveIndependentCarts() {
		CartRequest laptop = this.grpc.buyerCart(this.buyer, PASSWORD);
		CartRequest phone = this.grpc.buyerCart(this.buyer, PASSWORD);

		add(laptop, "3-1", 1, 10);

		assertThat(lines(phone)).isEmpty();
	}

	@Test
	void aNewSessionStartsWithACopyOfTheSavedCart() {
		CartRequest first = this.grpc.buyerCart(this.buyer, PASSWORD);
		add(first, "3-1", 2, 10);
		this.grpc.carts.saveCart(first);
		add(first, "3-2", 1, 10);

		CartRequest second = this.grpc.buyerCart(this.buyer, PASSWORD);

		assertThat(lines(second)).containsExactly(line("3-1", 2));
	}

	@Test
	void clearingEmptiesTheSessionCartButKeepsTheSavedCart() {
		CartRequest first = this.grpc.buyerCart(this.buyer, PASSWORD);
		add(first, "3-1", 2, 10);
		this.grpc.carts.saveCart(first);

		this.grpc.carts.clearCart(first);

		assertThat(lines(first)).isEmpty();
		assertThat(lines(this.grpc.buyerCart(this.buyer, PASSWORD))).containsExactly(line("3-1", 2));
	}

	@Test
	void logoutDropsTheSessionCartButNotTheSavedCart() {
		String token = this.grpc.login(Role.BUYER, this.buyer, PASSWORD).getSessionToken();
		CartRequest cart = CustomerDbTestChannel.cartOf(token);
		long sessionId = this.grpc.sessionIdOf(cart);
		add(cart, "3-1", 1, 10);
		this.grpc.carts.saveCart(cart);
		add(cart, "3-2", 1, 10);

		this.grpc.sessions.logout(LogoutRequest.newBuilder().setRole(Role.BUYER).setSessionToken(token).build());

		assertThat(sessionLines(sessionId)).isZero();
		assertThat(lines(this.grpc.buyerCart(this.buyer, PASSWORD))).containsExactly(line("3-1", 1));
	}

	@Test
	void anEndedSessionsCartIsGoneAndAddingToItIsUnauthenticated() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		long sessionId = this.grpc.sessionIdOf(cart);
		add(cart, "3-1", 1, 10);
		// What the idle-expiry sweep does.
		this.jdbc.sql("DELETE FROM sessions WHERE id = ?").param(sessionId).update();

		assertThat(sessionLines(sessionId)).isZero();
		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, () -> add(cart, "3-2", 1, 10));
	}

	@Test
	void everyCartCallRefusesATokenThatIsNoLiveBuyerSession() {
		String seller = unique();
		this.grpc.createAccount(Role.SELLER, seller, PASSWORD);
		CartRequest sellerSession = CustomerDbTestChannel
			.cartOf(this.grpc.login(Role.SELLER, seller, PASSWORD).getSessionToken());
		CartRequest unknown = CustomerDbTestChannel.cartOf("not-a-session");
		CartRequest none = CartRequest.getDefaultInstance();

		for (CartRequest cart : List.of(sellerSession, unknown, none)) {
			assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, () -> add(cart, "3-1", 1, 10));
			assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, () -> remove(cart, "3-1", 0));
			assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, () -> lines(cart));
			assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED,
					() -> this.grpc.carts.clearCart(cart));
			assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED,
					() -> this.grpc.carts.saveCart(cart));
		}
	}

	@Test
	void aCartCallCountsAsActivityOnItsSession() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		long sessionId = this.grpc.sessionIdOf(cart);
		idleFor(sessionId, Duration.ofMinutes(4));
		LocalDateTime idleSince = lastSeenAt(sessionId);

		lines(cart);

		assertThat(lastSeenAt(sessionId)).isAfter(idleSince.plusMinutes(3));
	}

	@Test
	void aCartCallInASessionIdleLongerThanTheTimeoutIsUnauthenticated() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		idleFor(this.grpc.sessionIdOf(cart), Duration.ofMinutes(6));

		assertFailsWith(Status.Code.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, () -> lines(cart));
	}

	@Test
	void aCartIsDisplayedOldestLineFirstAndLinesAddedTogetherByItemId() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		long sessionId = this.grpc.sessionIdOf(cart);
		LocalDateTime earlier = LocalDateTime.now(ZoneOffset.UTC).minusMinutes(1);
		addLine(sessionId, "3-2", 2, earlier);
		addLine(sessionId, "3-1", 1, earlier.plusSeconds(1));
		addLine(sessionId, "3-3", 3, earlier);

		assertThat(lines(cart)).containsExactly(line("3-2", 2), line("3-3", 3), line("3-1", 1));
	}

	@Test
	void anEmptyCartIsDisplayedWithNoLines() {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);

		assertThat(lines(cart)).isEmpty();
	}

	@Test
	void aCartDisplayThatMeetsAConnectionTheDatabaseDroppedIsReadAgainOnAnother()
			throws SQLException, InterruptedException {
		CartRequest cart = this.grpc.buyerCart(this.buyer, PASSWORD);
		add(cart, "3-1", 1, 10);
		idlePastThePoolsLivenessBypass();
		// Used just now, that connection is handed out again without a liveness check of the pool's.
		lines(cart);

		killEveryPooledConnection();

		assertThat(lines(cart)).containsExactly(line("3-1", 1));
	}

	int sessionLines(long sessionId) {
		return this.jdbc.sql("SELECT COUNT(*) FROM cart_lines WHERE session_id = ?")
			.param(sessionId)
			.query(Integer.class)
			.single();
	}

	void addLine(long sessionId, String itemId, int quantity, LocalDateTime addedAt) {
		this.jdbc.sql("INSERT INTO cart_lines (session_id, item_id, quantity, added_at) VALUES (?, ?, ?, ?)")
			.params(sessionId, itemId, quantity, addedAt)
			.update();
	}

	List<CartLine> add(CartRequest cart, String itemId, int quantity, int available) {
		return this.grpc.addToCart(cart, itemId, quantity, available);
	}

	List<CartLine> remove(CartRequest cart, String itemId, int quantity) {
		return this.grpc.carts
			.removeFromCart(
					RemoveFromCartRequest.newBuilder().setCart(cart).setItemId(itemId).setQuantity(quantity).build())
			.getLinesList();
	}

	List<CartLine> lines(CartRequest cart) {
		return this.grpc.cartLines(cart);
	}

	static CartLine line(String itemId, int quantity) {
		return CustomerDbTestChannel.cartLine(itemId, quantity);
	}

}
