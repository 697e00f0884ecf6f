package dev.marketplace.frontend.web;

import java.beans.PropertyEditorSupport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.springframework.beans.PropertyEditorRegistrar;
import org.springframework.beans.PropertyEditorRegistry;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.web.bind.support.ConfigurableWebBindingInitializer;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

/**
 * Whole numbers in paths and query parameters ({@code category}, {@code limit}, a seller's ID)
 * are written with the ASCII digits 0–9, an optional minus sign first, as item IDs are. Spring
 * read {@code 0x3} and {@code #3} as hexadecimal, trimmed spaces, and took Arabic-Indic or
 * full-width digits, so {@code /sellers/٧/rating} was seller 7. An empty value ({@code
 * ?quantity=}) is refused too: Spring applies a parameter's default before this, so only a
 * parameter without one gets here empty, and Spring would read it as absent (a RemoveItemFromCart
 * without a quantity removes the whole line). These are property editors, not converters: when a
 * converter refuses a value, Spring tries its default number editor next, which is the lenient
 * reading itself.
 * <p>
 * They are registered by a property editor registrar of the handler adapter's own binding
 * initializer. That initializer stays Boot's: Spring MVC validates the constraints of path
 * variables and query parameters ({@code @Pattern}, {@code @Max}) only with the validator it
 * finds there, so an initializer of another type would switch that validation off. An
 * {@code @InitBinder} method in a controller advice did the same, but Spring MVC wraps such a
 * method anew for every request and calls it reflectively for every binder, and every request has
 * one: 5–6% of a frontend's profile in scenario 2.
 */
public class DecimalDigitParameters implements BeanPostProcessor {

	private static final Pattern DECIMAL = Pattern.compile("-?[0-9]+");

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof RequestMappingHandlerAdapter adapter
				&& adapter.getWebBindingInitializer() instanceof ConfigurableWebBindingInitializer bootDefaults) {
			List<PropertyEditorRegistrar> registrars = new ArrayList<>();
			if (bootDefaults.getPropertyEditorRegistrars() != null) {
				registrars.addAll(Arrays.asList(bootDefaults.getPropertyEditorRegistrars()));
			}
			registrars.add(DecimalDigitParameters::readWholeNumbersAsDecimalDigits);
			bootDefaults.setPropertyEditorRegistrars(registrars.toArray(PropertyEditorRegistrar[]::new));
		}
		return bean;
	}

	private static void readWholeNumbersAsDecimalDigits(PropertyEditorRegistry binder) {
		binder.registerCustomEditor(int.class, new Editor(DecimalDigitParameters::toInteger));
		binder.registerCustomEditor(Integer.class, new Editor(DecimalDigitParameters::toInteger));
		binder.registerCustomEditor(long.class, new Editor(DecimalDigitParameters::toLong));
		binder.registerCustomEditor(Long.class, new Editor(DecimalDigitParameters::toLong));
	}

	static Integer toInteger(String text) {
		return Integer.valueOf(decimal(text));
	}

	static Long toLong(String text) {
		return Long.valueOf(decimal(text));
	}

	/**
	 * @throws NumberFormatException if it is not decimal digits (parsing then also refuses one
	 * that does not fit its type)
	 */
	private static String decimal(String text) {
		if (!DECIMAL.matcher(text).matches()) {
			throw new NumberFormatException("Not a decimal whole number: " + text);
		}
		return text;
	}

	/** One per binder: a property editor holds the value it converted. */
	private static final class Editor extends PropertyEditorSupport {

		private final Function<String, ?> parse;

		Editor(Function<String, ?> parse) {
			this.parse = parse;
		}

		@Override
		public void setAsText(String text) {
			setValue(this.parse.apply(text));
		}

	}

}
