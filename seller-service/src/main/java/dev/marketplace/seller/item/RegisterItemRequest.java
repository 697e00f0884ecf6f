package dev.marketplace.seller.item;

import java.math.BigDecimal;
import java.util.List;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

import org.hibernate.validator.constraints.CodePointLength;

import dev.marketplace.frontend.catalog.ItemIds;
import dev.marketplace.frontend.catalog.Keywords;
import dev.marketplace.frontend.web.PlainText;
import dev.marketplace.frontend.web.WellFormedUnicode;

/** RegisterItemForSale's body, with MARKETPLACE.md's limits. */
record RegisterItemRequest(
		@NotBlank @CodePointLength(max = 32) @Pattern(regexp = PlainText.PATTERN, message = PlainText.MESSAGE) @WellFormedUnicode String name,
		@NotNull @PositiveOrZero @Max(ItemIds.MAX_CATEGORY) Integer category,
		@Size(max = Keywords.MAX, message = Keywords.TOO_MANY) List<@NotBlank @CodePointLength(max = 8) @Pattern(
				regexp = PlainText.PATTERN, message = PlainText.MESSAGE) @WellFormedUnicode String> keywords,
		@NotNull ItemCondition condition,
		@NotNull @DecimalMin(value = "0", inclusive = false) @Digits(integer = 8, fraction = 2) BigDecimal price,
		@NotNull @PositiveOrZero @Max(1_000_000) Integer quantity) {

	RegisterItemRequest {
		keywords = (keywords == null) ? List.of() : keywords;
	}

	enum ItemCondition {

		NEW, USED

	}

}
