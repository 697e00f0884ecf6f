package dev.marketplace.customer;

import java.util.List;

import dev.marketplace.proto.customer.v1.AccountServiceGrpc;
import dev.marketplace.proto.customer.v1.AddToCartRequest;
import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.CartLine;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.customer.v1.CreateAccountRequest;
import dev.marketplace.proto.customer.v1.LoginRequest;
import dev.marketplace.proto.customer.v1.LoginResponse;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SellerServiceGrpc;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc;
import dev.marketplace.testsupport.TestCertificates;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;

/** A real gRPC channel to the service under test, over mutual TLS as the frontends', with its stubs. */
public final class CustomerDbTestChannel implements AutoCloseable {

	public final ManagedChannel channel;

	public final AccountServiceGrpc.AccountServiceBlockingStub accounts;

	public final SessionServiceGrpc.SessionServiceBlockingStub sessions;

	public final CartServiceGrpc.CartServiceBlockingStub carts;

	public final PurchaseServiceGrpc.PurchaseServiceBlockingStub purchases;

	public final SellerServiceGrpc.SellerServiceBlockingStub sellers;

	public CustomerDbTestChannel(int port) {
		this.channel = Grpc
			.newChannelBuilderForAddress("127.0.0.1", port,
					TestCertificates.shared().channelCredentials(TestCertificates.OPERATOR))
			.build();
		this.accounts = AccountServiceGrpc.newBlockingStub(this.channel);
		this.sessions = SessionServiceGrpc.newBlockingStub(this.channel);
		this.carts = CartServiceGrpc.newBlockingStub(this.channel);
		this.purchases = PurchaseServiceGrpc.newBlockingStub(this.channel);
		this.sellers = SellerServiceGrpc.newBlockingStub(this.channel);
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

	/** Logs in as a buyer and names the new session's cart. */
	public CartRequest buyerCart(String username, String password) {
		return cartOf(login(Role.BUYER, username, password).getSessionToken());
	}

	/** The cart of a buyer session, named as a frontend names it. */
	public static CartRequest cartOf(String token) {
		return CartRequest.newBuilder().setSessionToken(token).build();
	}

	/** AddToCart, with the units the caller says are available; the cart's lines after it. */
	public List<CartLine> addToCart(CartRequest cart, String itemId, int quantity, int available) {
		return this.carts.addToCart(AddToCartRequest.newBuilder()
			.setCart(cart)
			.setItemId(itemId)
			.setQuantity(quantity)
			.setAvailable(available)
			.build()).getLinesList();
	}

	public List<CartLine> cartLines(CartRequest cart) {
		return this.carts.getCart(cart).getLinesList();
	}

	public static CartLine cartLine(String itemId, int quantity) {
		return CartLine.newBuilder().setItemId(itemId).setQuantity(quantity).build();
	}

	/** The ID of a live buyer session (which keys its cart rows). */
	public long sessionIdOf(CartRequest cart) {
		return sessionIdOf(Role.BUYER, cart.getSessionToken());
	}

	/** The ID of a live session of that role. */
	public long sessionIdOf(Role role, String token) {
		return this.sessions
			.authenticate(AuthenticateRequest.newBuilder().setRole(role).setSessionToken(token).build())
			.getSessionId();
	}

	@Override
	public void close() {
		this.channel.shutdownNow();
	}

}
