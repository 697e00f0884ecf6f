package dev.marketplace.frontend.web;

import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * A successful answer is labelled {@code application/json}, whatever the Accept header names.
 * Jackson's converter writes {@code application/*+json}, so a client asking for
 * {@code application/problem+json} (the errors' type) got its items or cart labelled as a problem.
 * Errors keep their problem+json type.
 */
@ControllerAdvice
public class SuccessLabelledJson implements ResponseBodyAdvice<Object> {

	@Override
	public boolean supports(MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
		return true;
	}

	@Override
	public Object beforeBodyWrite(Object body, MethodParameter returnType, MediaType selectedContentType,
			Class<? extends HttpMessageConverter<?>> selectedConverterType, ServerHttpRequest request,
			ServerHttpResponse response) {
		if (MediaType.APPLICATION_PROBLEM_JSON.equalsTypeAndSubtype(selectedContentType) && isSuccess(response)) {
			response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		}
		return body;
	}

	private static boolean isSuccess(ServerHttpResponse response) {
		return response instanceof ServletServerHttpResponse servlet && servlet.getServletResponse().getStatus() < 400;
	}

}
