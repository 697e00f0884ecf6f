package dev.marketplace.frontend.web;

import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.type.LogicalType;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A JSON value of the wrong type is a 400, as the REST contract's types say. The rest of the
 * strictness is in marketplace-frontend.yml (numbers for numbers, no properties the request does
 * not name, no repeated keys, no enum constants by position); a text field also takes only a
 * string, where Jackson would take {@code "name": 123} as {@code "123"}; a whole-number field any
 * number whose value is whole, and no other ({@link IntegralNumbers}).
 */
@Configuration(proxyBeanMethods = false)
public class StrictJsonReading {

	@Bean
	JsonMapperBuilderCustomizer textFieldsTakeOnlyStrings() {
		return (builder) -> builder.withCoercionConfig(LogicalType.Textual,
				(config) -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
					.setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
					.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
	}

	@Bean
	JsonMapperBuilderCustomizer wholeNumbersAsJsonSchemaHasThem() {
		return (builder) -> builder.addModule(IntegralNumbers.module());
	}

}
