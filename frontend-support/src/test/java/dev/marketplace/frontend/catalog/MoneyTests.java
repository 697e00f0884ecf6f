package dev.marketplace.frontend.catalog;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MoneyTests {

	@Test
	void centsBecomeTheShortestExactAmount() {
		assertThat(Money.fromCents(1250)).hasToString("12.5");
		assertThat(Money.fromCents(399)).hasToString("3.99");
		assertThat(Money.fromCents(1000)).hasToString("10");
		assertThat(Money.fromCents(1)).hasToString("0.01");
	}

	@Test
	void amountsBecomeExactCents() {
		assertThat(Money.toCents(new BigDecimal("12.5"))).isEqualTo(1250);
		assertThat(Money.toCents(new BigDecimal("0.01"))).isEqualTo(1);
		assertThat(Money.toCents(new BigDecimal("10"))).isEqualTo(1000);
	}

}
