package dev.marketplace.frontend.web;

import java.time.Duration;

import dev.marketplace.grpc.MarketplaceException;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

import static org.assertj.core.api.Assertions.assertThat;

class ApiExceptionHandlerTests {

	/** RESOURCE_EXHAUSTED: a service shedding a burst of logins; the others: a service down or too slow. */
	@ParameterizedTest
	@EnumSource(names = { "RESOURCE_EXHAUSTED", "UNAVAILABLE", "DEADLINE_EXCEEDED" })
	void aDependencysFailureIs503WithRetryAfter(Status.Code code) {
		ResponseEntity<ProblemDetail> answer = ApiExceptionHandler
			.problemFor(Status.fromCode(code).withDescription("failed").asRuntimeException());

		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(answer.getBody().getProperties()).containsEntry("code", "SERVICE_UNAVAILABLE");
		assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("1");
	}

	@Test
	void tooManyAttemptsIs429WithTheServicesRetryDelayInWholeSecondsRoundedUp() {
		StatusException refused = MarketplaceException
			.tooManyRequests("Too many attempts for this username", Duration.ofMillis(2_400))
			.toStatusException();

		ResponseEntity<ProblemDetail> answer = ApiExceptionHandler
			.problemFor(new StatusRuntimeException(refused.getStatus(), refused.getTrailers()));

		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS);
		assertThat(answer.getBody().getProperties()).containsEntry("code", "TOO_MANY_REQUESTS");
		assertThat(answer.getBody().getDetail()).isEqualTo("Too many attempts for this username");
		assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("3");
	}

	@Test
	void aFrontendsOwnRetryableRefusalCarriesRetryAfter() {
		ResponseEntity<ProblemDetail> answer = new ApiExceptionHandler().handleApiException(new ApiException(
				HttpStatus.CONFLICT, "PURCHASE_IN_PROGRESS", "still running", Duration.ofSeconds(2)));

		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
		assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("2");
	}

	@Test
	void theRequestsOwnFaultHasNoRetryAfter() {
		ResponseEntity<ProblemDetail> answer = ApiExceptionHandler
			.problemFor(Status.NOT_FOUND.withDescription("No item has ID 3-17").asRuntimeException());

		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
		assertThat(answer.getHeaders().containsHeader(HttpHeaders.RETRY_AFTER)).isFalse();
	}

}
