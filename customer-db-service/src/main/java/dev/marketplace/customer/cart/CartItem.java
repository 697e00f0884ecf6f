package dev.marketplace.customer.cart;

/** Units of one item in a cart, as a cart's answer lists them. */
public record CartItem(String itemId, int quantity) {
}
