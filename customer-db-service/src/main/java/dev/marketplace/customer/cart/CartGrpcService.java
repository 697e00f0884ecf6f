package dev.marketplace.customer.cart;

import java.util.List;

import dev.marketplace.proto.customer.v1.AddToCartRequest;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.CartResponse;
import dev.marketplace.proto.customer.v1.CartServiceGrpc;
import dev.marketplace.proto.customer.v1.RemoveFromCartRequest;
import io.grpc.stub.StreamObserver;

import org.springframework.stereotype.Service;

@Service
class CartGrpcService extends CartServiceGrpc.CartServiceImplBase {

	private final CartService carts;

	CartGrpcService(CartService carts) {
		this.carts = carts;
	}

	@Override
	public void addToCart(AddToCartRequest request, StreamObserver<CartResponse> responses) {
		reply(responses, this.carts.add(request.getCart().getSessionId(), request.getItemId(), request.getQuantity(),
				request.getAvailable()));
	}

	@Override
	public void removeFromCart(RemoveFromCartRequest request, StreamObserver<CartResponse> responses) {
		reply(responses,
				this.carts.remove(request.getCart().getSessionId(), request.getItemId(), request.getQuantity()));
	}

	@Override
	public void getCart(CartRequest request, StreamObserver<CartResponse> responses) {
		reply(responses, this.carts.lines(request.getSessionId()));
	}

	@Override
	public void clearCart(CartRequest request, StreamObserver<CartResponse> responses) {
		this.carts.clear(request.getSessionId());
		reply(responses, List.of());
	}

	@Override
	public void saveCart(CartRequest request, StreamObserver<CartResponse> responses) {
		this.carts.save(request.getBuyerId(), request.getSessionId());
		reply(responses, this.carts.lines(request.getSessionId()));
	}

	private static void reply(StreamObserver<CartResponse> responses, List<CartService.CartLine> lines) {
		CartResponse.Builder cart = CartResponse.newBuilder();
		lines.forEach((line) -> cart.addLinesBuilder().setItemId(line.itemId()).setQuantity(line.quantity()));
		responses.onNext(cart.build());
		responses.onCompleted();
	}

}
