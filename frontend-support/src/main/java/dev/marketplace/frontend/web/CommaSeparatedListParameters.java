package dev.marketplace.frontend.web;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.ConditionalGenericConverter;
import org.springframework.format.FormatterRegistry;
import org.springframework.util.StringUtils;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * A list query parameter ({@code keywords}) reads the same whether its values are comma-separated,
 * repeated, or both. Spring MVC splits a single value at its commas and trims each part, but takes
 * repeated values whole: {@code keywords=lamp,desk&keywords=chair} searched for the one keyword
 * {@code "lamp,desk"}, and six keywords given as two values of three passed the limit of five.
 * Repeated values are split and trimmed here as a single one is, so validation sees every value.
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
			return Set.of(new ConvertiblePair(String[].class, List.class));
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
			return Arrays.stream((String[]) source)
				.flatMap((value) -> Arrays.stream(StringUtils.commaDelimitedListToStringArray(value)))
				.map(String::trim)
				.toList();
		}

	}

}
