package dev.marketplace.frontend.web;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.ConditionalGenericConverter;
import org.springframework.format.FormatterRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * A list query parameter ({@code keywords}) reads the same whether its values are comma-separated,
 * repeated, or both. Spring MVC splits a single value at its commas but takes repeated values
 * whole: {@code keywords=lamp,desk&keywords=chair} searched for the one keyword
 * {@code "lamp,desk"}, and six keywords given as two values of three passed the limit of five.
 * Here every value is split at its commas and each part loses its surrounding spaces, so
 * validation sees every keyword.
 */
@Configuration(proxyBeanMethods = false)
public class CommaSeparatedListParameters implements WebMvcConfigurer {

	@Override
	public void addFormatters(FormatterRegistry registry) {
		registry.addConverter(new RepeatedValuesSplitAtCommas());
	}

	private static final class RepeatedValuesSplitAtCommas implements ConditionalGenericConverter {

		@Override
		public Set<ConvertiblePair> getConvertibleTypes() {
			return Set.of(new ConvertiblePair(String[].class, List.class), new ConvertiblePair(String.class, List.class));
		}

		@Override
		public boolean matches(TypeDescriptor sourceType, TypeDescriptor targetType) {
			TypeDescriptor element = targetType.getElementTypeDescriptor();
			return element != null && element.getType() == String.class;
		}

		@Override
		public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
			if (source == null) {
				return null;
			}
			String[] values = (source instanceof String single) ? new String[] { single } : (String[]) source;
			return Arrays.stream(values)
				// Every value counts, an empty one too: six empty values are six keywords, as ",,,,," is.
				.flatMap((value) -> Arrays.stream(value.split(",", -1)))
				.map(RepeatedValuesSplitAtCommas::withoutSurroundingSpaces)
				.toList();
		}

		/**
		 * Spaces only: {@link String#trim} drops every control character at either end too, and
		 * {@code keywords=%04} then passed as no keyword where the contract refuses it (400).
		 */
		private static String withoutSurroundingSpaces(String value) {
			int start = 0;
			int end = value.length();
			while (start < end && value.charAt(start) == ' ') {
				start++;
			}
			while (end > start && value.charAt(end - 1) == ' ') {
				end--;
			}
			return value.substring(start, end);
		}

	}

}
