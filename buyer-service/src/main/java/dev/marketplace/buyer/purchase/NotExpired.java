package dev.marketplace.buyer.purchase;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.YearMonth;
import java.time.ZoneOffset;

import dev.marketplace.payment.contract.CardExpiry;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

/**
 * A card expiry ({@code MM/YY}) no earlier than the current month in UTC, as the payment service
 * judges it. Any other text passes: its format is {@code @Pattern}'s to report.
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = NotExpired.Validator.class)
@interface NotExpired {

	String message() default "the card has expired";

	Class<?>[] groups() default {};

	Class<? extends Payload>[] payload() default {};

	class Validator implements ConstraintValidator<NotExpired, String> {

		@Override
		public boolean isValid(String expiry, ConstraintValidatorContext context) {
			YearMonth today = YearMonth.from(context.getClockProvider().getClock().instant().atZone(ZoneOffset.UTC));
			return CardExpiry.lastMonth(expiry).map((lastMonth) -> !lastMonth.isBefore(today)).orElse(true);
		}

	}

}
