package dev.marketplace.frontend.session;

import dev.marketplace.frontend.web.ApiException;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SessionArgumentResolverTests {

	@Test
	void bearerTokenIsTakenFromTheAuthorizationHeader() {
		assertThat(SessionArgumentResolver.bearerToken("Bearer abc123").value()).isEqualTo("abc123");
		assertThat(SessionArgumentResolver.bearerToken("bearer abc123").value()).isEqualTo("abc123");
	}

	@Test
	void missingOrMalformedAuthorizationIsUnauthenticated() {
		for (String header : new String[] { null, "", "Bearer ", "Basic dXNlcjpwYXNz", "abc123" }) {
			ApiException failure = catchThrowableOfType(ApiException.class,
					() -> SessionArgumentResolver.bearerToken(header));
			assertThat(failure.status()).as(String.valueOf(header)).isEqualTo(HttpStatus.UNAUTHORIZED);
			assertThat(failure.code()).isEqualTo("UNAUTHENTICATED");
		}
	}

}
