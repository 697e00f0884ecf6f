package dev.marketplace.frontend.session;

import dev.marketplace.frontend.web.ApiException;
import dev.marketplace.proto.customer.v1.AuthenticateRequest;
import dev.marketplace.proto.customer.v1.AuthenticateResponse;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SessionServiceGrpc.SessionServiceBlockingStub;

import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Resolves {@link BearerToken} (the header only) and {@link Caller} (checked with the customer
 * database, which also records the activity). Nothing is cached here: frontends keep no state.
 */
class SessionArgumentResolver implements HandlerMethodArgumentResolver {

	private static final String BEARER = "Bearer ";

	private final SessionServiceBlockingStub sessions;

	private final Role role;

	SessionArgumentResolver(SessionServiceBlockingStub sessions, Role role) {
		this.sessions = sessions;
		this.role = role;
	}

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		Class<?> type = parameter.getParameterType();
		return type == Caller.class || type == BearerToken.class;
	}

	@Override
	public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer container,
			NativeWebRequest request, WebDataBinderFactory binderFactory) {
		BearerToken token = bearerToken(request.getHeaderValues(HttpHeaders.AUTHORIZATION));
		if (parameter.getParameterType() == BearerToken.class) {
			return token;
		}
		AuthenticateResponse session = this.sessions
			.authenticate(AuthenticateRequest.newBuilder().setRole(this.role).setSessionToken(token.value()).build());
		return new Caller(session.getUserId(), session.getSessionId(), token);
	}

	/**
	 * The token of the one Authorization header. Two of them are refused like a malformed one:
	 * which of them a proxy or server on the way reads is anybody's guess (RFC 9110 allows one).
	 */
	static BearerToken bearerToken(String... headers) {
		String header = (headers == null || headers.length != 1) ? null : headers[0];
		if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())
				|| header.substring(BEARER.length()).isBlank()) {
			throw ApiException.unauthenticated("Send the session token as one 'Authorization: Bearer <token>' header");
		}
		return new BearerToken(header.substring(BEARER.length()).trim());
	}

}
