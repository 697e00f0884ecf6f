package dev.marketplace.buyer.purchase;

import java.util.Collections;
import java.util.List;

import dev.marketplace.proto.product.v1.Item;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CheckoutTotalTests {

	/** A million units at the highest price. */
	static final Item MOST_EXPENSIVE_LINE = Item.newBuilder()
		.setPriceCents(9_999_999_999L)
		.setQuantity(1_000_000)
		.build();

	@Test
	void theTotalIsTheSumOfPriceTimesQuantityInCents() {
		List<Item> lines = List.of(Item.newBuilder().setPriceCents(1250).setQuantity(2).build(),
				Item.newBuilder().setPriceCents(99).setQuantity(3).build());

		assertThat(PurchaseSaga.totalCents(lines)).hasValue(2_797);
	}

	@Test
	void aTotalPastWhatALongHoldsIsNone() {
		assertThat(PurchaseSaga.totalCents(Collections.nCopies(922, MOST_EXPENSIVE_LINE))).isPresent();
		assertThat(PurchaseSaga.totalCents(Collections.nCopies(923, MOST_EXPENSIVE_LINE))).isEmpty();
	}

}
