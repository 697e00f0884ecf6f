package dev.marketplace.product.catalog;

/** The state an item is sold in. */
enum ItemCondition {

	NEW, USED

}
