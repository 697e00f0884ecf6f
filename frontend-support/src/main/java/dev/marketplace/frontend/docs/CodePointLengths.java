package dev.marketplace.frontend.docs;

import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Iterator;

import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.media.Schema;
import org.hibernate.validator.constraints.CodePointLength;

/**
 * Publishes Hibernate Validator's {@link CodePointLength} as {@code minLength} and
 * {@code maxLength}, which JSON Schema counts in code points too. The document generator reads
 * only {@code @Size}, which counts UTF-16 units and so would refuse 17 emoji as more than 32
 * characters. Reads the fields' annotated types because the generator hands a list's items to
 * converters without their type-use annotations ({@code List<@CodePointLength(max = 8) String>}).
 */
class CodePointLengths implements ModelConverter {

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
		if (javaType instanceof AnnotatedParameterizedType container && property.getItems() != null
				&& container.getAnnotatedActualTypeArguments().length == 1) {
			publish(container.getAnnotatedActualTypeArguments()[0], property.getItems());
		}
	}

}
