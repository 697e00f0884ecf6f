package dev.marketplace.customer.cart;

import java.util.List;

import dev.marketplace.customer.session.AccountRole;
import dev.marketplace.customer.session.SessionService;
import dev.marketplace.customer.session.SessionService.LiveSession;
import dev.marketplace.proto.customer.v1.AddToCartRequest;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.CartResponse;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.customer.v1.RemoveFromCartRequest;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;

/** Each call checks its session itself, so a frontend makes one call per cart operation, not two. */
@Service
class CartGrpcService extends CartServiceGrpc.CartServiceImplBase {

	private final CartService carts;

	private final SessionService sessions;

	CartGrpcService(CartService carts, SessionService sessions) {
		this.carts = carts;
		this.sessions = sessions;
	}

	@Override
	public void addToCart(AddToCartRequest request, StreamObserver<CartResponse> responses) {
		reply(responses, this.carts.add(session(request.getCart()), request.getItemId(), request.getQuantity(),
				request.getAvailable()));
	}

	@Override
	public void removeFromCart(RemoveFromCartRequest request, StreamObserver<CartResponse> responses) {
		reply(responses, this.carts.remove(session(request.getCart()), request.getItemId(), request.getQuantity()));
	}

	@Override
	public void getCart(CartRequest request, StreamObserver<CartResponse> responses) {
		reply(responses, this.carts.linesInSession(request.getSessionToken()));
	}

	@Override
	public void clearCart(CartRequest request, StreamObserver<CartResponse> responses) {
		this.carts.clear(session(request));
		reply(responses, List.of());
	}

	@Override
	public void saveCart(CartRequest request, StreamObserver<CartResponse> responses) {
		LiveSession session = session(request);
		this.carts.save(session);
		reply(responses, this.carts.lines(session));
	}

	private LiveSession session(CartRequest cart) {
		return this.sessions.authenticate(AccountRole.BUYER, cart.getSessionToken());
	}

	private static void reply(StreamObserver<CartResponse> responses, List<CartItem> lines) {
		CartResponse.Builder cart = CartResponse.newBuilder();
		lines.forEach((line) -> cart.addLinesBuilder().setItemId(line.itemId()).setQuantity(line.quantity()));
		responses.onNext(cart.build());
		responses.onCompleted();
	}

}
