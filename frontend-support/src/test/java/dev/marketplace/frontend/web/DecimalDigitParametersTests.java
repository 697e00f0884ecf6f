package dev.marketplace.frontend.web;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.TypeMismatchException;
import org.springframework.format.support.DefaultFormattingConversionService;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.support.ConfigurableWebBindingInitializer;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class DecimalDigitParametersTests {

	@Test
	void decimalDigitsWithAnOptionalMinusAreRead() {
		assertThat(DecimalDigitParameters.toInteger("17")).isEqualTo(17);
		assertThat(DecimalDigitParameters.toInteger("017")).isEqualTo(17);
		assertThat(DecimalDigitParameters.toLong("-1")).isEqualTo(-1L);
		assertThat(DecimalDigitParameters.toLong("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
	}

	/** Empty, hexadecimal, signs, spaces, Arabic-Indic and full-width digits, and a fraction. */
	@ParameterizedTest
	@ValueSource(strings = { "", "0x3", "#3", "+3", " 3", "3 ", "\u0663", "\uFF13", "3.0", "1e3", "--3" })
	void anythingElseIsRefused(String text) {
		assertThatExceptionOfType(NumberFormatException.class)
			.isThrownBy(() -> DecimalDigitParameters.toInteger(text));
	}

	@Test
	void aNumberTooLargeForItsTypeIsRefused() {
		assertThatExceptionOfType(NumberFormatException.class)
			.isThrownBy(() -> DecimalDigitParameters.toInteger("2147483648"));
	}

	@Test
	void everyBinderOfTheHandlerAdapterReadsDecimalDigitsAfterBootsOwnInitializer() {
		ConfigurableWebBindingInitializer bootDefaults = new ConfigurableWebBindingInitializer();
		bootDefaults.setConversionService(new DefaultFormattingConversionService());
		RequestMappingHandlerAdapter adapter = new RequestMappingHandlerAdapter();
		adapter.setWebBindingInitializer(bootDefaults);

		new DecimalDigitParameters().postProcessBeforeInitialization(adapter, "requestMappingHandlerAdapter");
		WebDataBinder binder = new WebDataBinder(null);
		adapter.getWebBindingInitializer().initBinder(binder);

		assertThat(binder.getConversionService()).isSameAs(bootDefaults.getConversionService());
		assertThat(binder.convertIfNecessary("017", Integer.class)).isEqualTo(17);
		assertThat(binder.convertIfNecessary("-5", long.class)).isEqualTo(-5L);
		assertThatExceptionOfType(TypeMismatchException.class).isThrownBy(() -> binder.convertIfNecessary("0x3", int.class));
	}

}
