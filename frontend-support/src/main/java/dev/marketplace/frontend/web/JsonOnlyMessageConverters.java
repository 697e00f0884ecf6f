package dev.marketplace.frontend.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The REST contract is JSON. Spring MVC also registers a YAML converter when a YAML library is on
 * the classpath (springdoc brings one) and an XML one with JAXB (the buyer-service's SOAP client):
 * a YAML body bypassed every rule set for JSON (a count of 1.5 was taken as 1, a repeated key
 * was a 500). Neither is offered.
 */
@Configuration(proxyBeanMethods = false)
public class JsonOnlyMessageConverters implements WebMvcConfigurer {

	@Override
	public void configureMessageConverters(HttpMessageConverters.ServerBuilder builder) {
		builder.configureMessageConvertersList(
				(converters) -> converters.removeIf(JsonOnlyMessageConverters::isYamlOrXml));
	}

	private static boolean isYamlOrXml(HttpMessageConverter<?> converter) {
		return converter.getSupportedMediaTypes()
			.stream()
			.map(MediaType::getSubtype)
			.anyMatch((subtype) -> subtype.endsWith("yaml") || subtype.endsWith("xml"));
	}

}
