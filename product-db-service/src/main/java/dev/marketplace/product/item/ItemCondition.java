package dev.marketplace.product.item;

/** The state an item is sold in. */
public enum ItemCondition {

	NEW, USED

}
