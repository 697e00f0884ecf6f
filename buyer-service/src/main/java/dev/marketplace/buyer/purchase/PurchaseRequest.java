package dev.marketplace.buyer.purchase;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import org.hibernate.validator.constraints.CodePointLength;
import org.hibernate.validator.constraints.LuhnCheck;

import dev.marketplace.frontend.web.PlainText;
import dev.marketplace.frontend.web.WellFormedUnicode;
import dev.marketplace.payment.contract.CardExpiry;
import dev.marketplace.payment.contract.CardNumber;
import dev.marketplace.payment.contract.SecurityCode;

/**
 * MakePurchase's body, checked here as the payment service checks it (formats, the Luhn check
 * digit, an expiry not past), so bad card data is a 400 naming its field before any stock is
 * reserved. The payment service still refuses what it finds malformed (a SOAP fault, answered 400).
 */
record PurchaseRequest(
		@NotBlank @CodePointLength(max = 64) @Pattern(regexp = PlainText.PATTERN,
				message = PlainText.MESSAGE) @WellFormedUnicode String cardholderName,
		@NotNull @Pattern(regexp = CardNumber.FORMAT, message = "must be 12 to 19 digits") @LuhnCheck(
				message = "is not a valid card number") String cardNumber,
		@NotNull @Pattern(regexp = CardExpiry.FORMAT, message = "must be MM/YY") @NotExpired String expiry,
		@NotNull @Pattern(regexp = SecurityCode.FORMAT, message = "must be 3 or 4 digits") String securityCode) {

	@Override
	public String toString() {
		return "PurchaseRequest[cardholderName=" + this.cardholderName + ", card="
				+ CardNumber.masked(this.cardNumber) + "]";
	}

}
