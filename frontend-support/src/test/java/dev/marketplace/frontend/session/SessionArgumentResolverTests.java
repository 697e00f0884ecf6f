package dev.marketplace.frontend.session;

import java.util.Arrays;

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
		for (String header : new String[] { "", "Bearer ", "Basic dXNlcjpwYXNz", "abc123" }) {
			assertUnauthenticated(header);
		}
		assertUnauthenticated((String[]) null);
	}

	@Test
	void twoAuthorizationHeadersAreUnauthenticated() {
		assertUnauthenticated("Bearer abc123", "Bearer def456");
	}

	static void assertUnauthenticated(String... headers) {
		ApiException failure = catchThrowableOfType(ApiException.class,
				() -> SessionArgumentResolver.bearerToken(headers));
		assertThat(failure.status()).as(Arrays.toString(headers)).isEqualTo(HttpStatus.UNAUTHORIZED);
		assertThat(failure.code()).isEqualTo("UNAUTHENTICATED");
	}

}
