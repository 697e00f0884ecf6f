package dev.marketplace.frontend.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

/**
 * Text without an unpaired surrogate, which only a JSON escape (of U+D800, say) can send.
 * The rest of {@link PlainText}'s rule is its published pattern; this part has no pattern that
 * every JSON Schema dialect reads alike, so the document says it in words.
 */
@Target({ ElementType.FIELD, ElementType.TYPE_USE, ElementType.PARAMETER })
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = WellFormedUnicode.Validator.class)
public @interface WellFormedUnicode {

	String message() default PlainText.MESSAGE;

	Class<?>[] groups() default {};

	Class<? extends Payload>[] payload() default {};

	class Validator implements ConstraintValidator<WellFormedUnicode, CharSequence> {

		@Override
		public boolean isValid(CharSequence text, ConstraintValidatorContext context) {
			if (text == null) {
				return true;
			}
			for (int i = 0; i < text.length(); i++) {
				char unit = text.charAt(i);
				if (Character.isHighSurrogate(unit) && i + 1 < text.length()
						&& Character.isLowSurrogate(text.charAt(i + 1))) {
					i++;
				}
				else if (Character.isSurrogate(unit)) {
					return false;
				}
			}
			return true;
		}

	}

}
