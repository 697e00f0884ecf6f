package dev.marketplace.product.item;

import java.util.regex.Matcher;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.ItemIdFormat;

/**
 * An item ID as clients see it, {@code "<category>-<number>"}; the number is the item's row ID,
 * so IDs are unique across categories.
 */
public record ItemId(int category, long number) {

	public static ItemId parse(String text) {
		Matcher matcher = ItemIdFormat.FORMAT.matcher(text);
		if (!matcher.matches()) {
			throw MarketplaceException.invalidArgument("item ID must look like <category>-<number>, not '" + text + "'");
		}
		return new ItemId(Integer.parseInt(matcher.group(1)), Long.parseLong(matcher.group(2)));
	}

	@Override
	public String toString() {
		return this.category + "-" + this.number;
	}

}
