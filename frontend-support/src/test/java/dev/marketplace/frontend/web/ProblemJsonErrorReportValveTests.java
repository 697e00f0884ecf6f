package dev.marketplace.frontend.web;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;

class ProblemJsonErrorReportValveTests {

	@Test
	void aRequestTomcatRefusesIsAValidationProblemThatDoesNotQuoteIt() {
		Map<String, Object> body = ProblemJsonErrorReportValve.body(HttpStatus.BAD_REQUEST, "GET", "/api/v1/items/%zz");

		assertThat(body).containsEntry("status", 400)
			.containsEntry("code", "VALIDATION_FAILED")
			.containsEntry("type", "urn:marketplace:problem:validation-failed")
			.containsEntry("title", "Bad Request")
			.containsEntry("instance", "/api/v1/items/%zz");
		assertThat((String) body.get("detail")).doesNotContain("%zz");
	}

	@Test
	void aMethodTomcatRefusesIsNamed() {
		Map<String, Object> body = ProblemJsonErrorReportValve.body(HttpStatus.METHOD_NOT_ALLOWED, "TRACE", "/");

		assertThat(body).containsEntry("code", "METHOD_NOT_ALLOWED")
			.containsEntry("detail", "Method 'TRACE' is not supported.");
	}

	@Test
	void aFailureOutsideAHandlerIsAnInternalErrorWithoutDetails() {
		Map<String, Object> body = ProblemJsonErrorReportValve.body(HttpStatus.INTERNAL_SERVER_ERROR, "GET", "/");

		assertThat(body).containsEntry("status", 500)
			.containsEntry("code", "INTERNAL_ERROR")
			.containsEntry("detail", "Something went wrong on our side");
	}

}
