package dev.marketplace.frontend.docs;

import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.util.Iterator;

import dev.marketplace.frontend.web.PlainText;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import org.hibernate.validator.constraints.CodePointLength;

/**
 * Publishes the body fields' constraints the document generator leaves out. Hibernate
 * Validator's {@link CodePointLength} as {@code minLength} and {@code maxLength}, which JSON
 * Schema counts in code points too (the generator reads only {@code @Size}, which counts UTF-16
 * units and so would refuse 17 emoji as more than 32 characters); {@link Digits} on money as
 * {@code multipleOf} (0.01 for two decimals) and the {@code maximum} its integer digits allow;
 * {@code @NotBlank} on plain text as {@link PlainText#NOT_BLANK_PATTERN}.
 * Reads the fields' annotated types because the generator hands a list's items to converters
 * without their type-use annotations ({@code List<@CodePointLength(max = 8) String>}).
 */
class FieldConstraints implements ModelConverter {

	@Override
	public Schema resolve(io.swagger.v3.core.converter.AnnotatedType type, ModelConverterContext context,
			Iterator<ModelConverter> chain) {
		Schema<?> schema = chain.hasNext() ? chain.next().resolve(type, context, chain) : null;
		Schema<?> model = definition(schema, context);
		if (model != null && model.getProperties() != null) {
			for (Field field : Json.mapper().constructType(type.getType()).getRawClass().getDeclaredFields()) {
				Schema<?> property = model.getProperties().get(field.getName());
				if (property != null && !Modifier.isStatic(field.getModifiers())) {
					publish(field.getAnnotatedType(), property);
				}
			}
		}
		return schema;
	}

	private static Schema<?> definition(Schema<?> schema, ModelConverterContext context) {
		if (schema == null || schema.get$ref() == null) {
			return schema;
		}
		return context.getDefinedModels().get(schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1));
	}

	private static void publish(AnnotatedType javaType, Schema<?> property) {
		CodePointLength length = javaType.getAnnotation(CodePointLength.class);
		if (length != null) {
			property.setMinLength(Math.max(length.min(), (property.getMinLength() != null) ? property.getMinLength() : 0));
			property.setMaxLength(length.max());
		}
		if (javaType.isAnnotationPresent(NotBlank.class) && PlainText.PATTERN.equals(property.getPattern())) {
			property.setPattern(PlainText.NOT_BLANK_PATTERN);
		}
		Digits digits = javaType.getAnnotation(Digits.class);
		if (digits != null) {
			BigDecimal step = BigDecimal.ONE.scaleByPowerOfTen(-digits.fraction());
			property.setMultipleOf(step);
			property.setMaximum(BigDecimal.TEN.pow(digits.integer()).subtract(step));
		}
		if (javaType instanceof AnnotatedParameterizedType container && property.getItems() != null
				&& container.getAnnotatedActualTypeArguments().length == 1) {
			publish(container.getAnnotatedActualTypeArguments()[0], property.getItems());
		}
	}

}
