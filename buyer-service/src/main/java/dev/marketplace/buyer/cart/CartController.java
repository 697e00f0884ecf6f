package dev.marketplace.buyer.cart;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.marketplace.frontend.catalog.ItemIds;
import dev.marketplace.frontend.catalog.Money;
import dev.marketplace.frontend.docs.Problem;
import dev.marketplace.frontend.session.BearerToken;
import dev.marketplace.proto.customer.v1.AddToCartRequest;
import dev.marketplace.proto.customer.v1.CartLine;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.CartResponse;
import dev.marketplace.proto.customer.v1.CartServiceGrpc.CartServiceBlockingStub;
import dev.marketplace.proto.customer.v1.RemoveFromCartRequest;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.GetItemsRequest;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ItemServiceGrpc.ItemServiceBlockingStub;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The cart of the caller's session. Carts live in the customer database, which checks the
 * session with each cart call, so these endpoints make no separate session check; names and
 * prices are read fresh from the product database on every answer.
 */
@RestController
@RequestMapping("/api/v1/buyers/me/cart")
class CartController {

	private final CartServiceBlockingStub carts;

	private final ItemServiceBlockingStub items;

	CartController(CartServiceBlockingStub carts, ItemServiceBlockingStub items) {
		this.carts = carts;
		this.items = items;
	}

	/** Refused (409) if the cart would hold more units than the product database has now. */
	@Operation(summary = "AddItemToCart",
			description = "Adds units of an item to this session's cart; refused if the cart would hold more than are for "
					+ "sale. Stock is not reserved until MakePurchase.")
	@Problem(status = 404, code = "ITEM_NOT_FOUND", when = "No item has that ID")
	@Problem(status = 409, code = "INSUFFICIENT_QUANTITY", when = "The cart would hold more units than are available")
	@Problem(status = 409, code = "CART_FULL",
			when = "The item is new to a cart that holds the most different items a cart may (100 by default)")
	@PostMapping("/items")
	CartJson addItem(BearerToken buyer, @Valid @RequestBody AddItemRequest request) {
		Item item = itemToAdd(buyer, request.itemId());
		return json(this.carts.addToCart(AddToCartRequest.newBuilder()
			.setCart(cart(buyer))
			.setItemId(item.getItemId())
			.setQuantity(request.quantity())
			.setAvailable(item.getQuantity())
			.build()), item);
	}

	/** Without a quantity, or with one at least the line's, the whole line goes. */
	@Operation(summary = "RemoveItemFromCart",
			description = "Takes units of an item out of this session's cart; without a quantity, the whole line.")
	@Problem(status = 404, code = "NOT_IN_CART", when = "The cart has no line for that item")
	@DeleteMapping("/items/{itemId}")
	CartJson removeItem(BearerToken buyer,
			@PathVariable @Pattern(regexp = ItemIds.PATTERN, message = ItemIds.MESSAGE) String itemId,
			@RequestParam(required = false) @Min(1) Integer quantity) {
		return json(this.carts.removeFromCart(RemoveFromCartRequest.newBuilder()
			.setCart(cart(buyer))
			.setItemId(itemId)
			.setQuantity((quantity == null) ? 0 : quantity)
			.build()));
	}

	@Operation(summary = "DisplayCart",
			description = "This session's cart, each line with the item's current name and price, and the total.")
	@GetMapping
	CartJson display(BearerToken buyer) {
		return json(this.carts.getCart(cart(buyer)));
	}

	@Operation(summary = "SaveCart: makes this session's cart the saved cart",
			description = "The saved cart outlives the session: the next login starts from a copy of it.")
	@PostMapping("/save")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void save(BearerToken buyer) {
		this.carts.saveCart(cart(buyer));
	}

	@Operation(summary = "ClearCart: empties this session's cart", description = "The saved cart stays as it is.")
	@DeleteMapping
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void clear(BearerToken buyer) {
		this.carts.clearCart(cart(buyer));
	}

	/**
	 * The item as the product database has it now. The cart call that follows is what checks the
	 * session, so an unknown item is only reported once the session is known to be live: a dead
	 * session gets 401 whatever it asks for.
	 */
	private Item itemToAdd(BearerToken buyer, String itemId) {
		try {
			return this.items.getItem(GetItemRequest.newBuilder().setItemId(itemId).build()).getItem();
		}
		catch (StatusRuntimeException ex) {
			if (ex.getStatus().getCode() == Status.Code.NOT_FOUND) {
				this.carts.getCart(cart(buyer));
			}
			throw ex;
		}
	}

	private static CartRequest cart(BearerToken buyer) {
		return CartRequest.newBuilder().setSessionToken(buyer.value()).build();
	}

	/**
	 * The lines with their items' names and prices, read in one call unless every line's item is
	 * among those this request has just read.
	 */
	private CartJson json(CartResponse cart, Item... justRead) {
		if (cart.getLinesCount() == 0) {
			return new CartJson(List.of(), Money.fromCents(0));
		}
		Map<String, Item> byId = new HashMap<>();
		for (Item item : justRead) {
			byId.put(item.getItemId(), item);
		}
		List<String> unread = cart.getLinesList()
			.stream()
			.map(CartLine::getItemId)
			.filter((itemId) -> !byId.containsKey(itemId))
			.toList();
		if (!unread.isEmpty()) {
			this.items.getItems(GetItemsRequest.newBuilder().addAllItemIds(unread).build())
				.getItemsList()
				.forEach((item) -> byId.put(item.getItemId(), item));
		}
		long totalCents = 0;
		List<CartJson.Line> lines = new ArrayList<>();
		for (CartLine line : cart.getLinesList()) {
			Item item = byId.get(line.getItemId());
			if (item == null) {
				lines.add(new CartJson.Line(line.getItemId(), line.getQuantity(), null, null));
				continue;
			}
			totalCents += item.getPriceCents() * line.getQuantity();
			lines.add(new CartJson.Line(line.getItemId(), line.getQuantity(), item.getName(),
					Money.fromCents(item.getPriceCents())));
		}
		return new CartJson(lines, Money.fromCents(totalCents));
	}

	/** AddItemToCart's body. */
	record AddItemRequest(@NotNull @Pattern(regexp = ItemIds.PATTERN, message = ItemIds.MESSAGE) String itemId,
			@NotNull @Min(1) @Max(1_000_000) Integer quantity) {
	}

}
