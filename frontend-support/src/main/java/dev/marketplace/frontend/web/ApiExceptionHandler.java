package dev.marketplace.frontend.web;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.web.RequestBodyLimit;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import jakarta.validation.ConstraintViolationException;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.TypeMismatchException;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.util.ClassUtils;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error as {@code application/problem+json} (RFC 9457) with a machine-readable
 * {@code code}; validation failures add {@code errors: [{field, message}]}. No stack traces.
 */
@RestControllerAdvice
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

	/** Problem types are URNs, one per code, e.g. {@code urn:marketplace:problem:username-taken}. */
	static final String PROBLEM_TYPE_PREFIX = "urn:marketplace:problem:";

	/**
	 * How long a client should wait before repeating a request answered 503. A login shed during
	 * a burst has a fair chance a second later; repeats to a dependency that is down are refused
	 * at once by its open circuit, so a short hint costs little there.
	 */
	public static final Duration RETRY_AFTER = Duration.ofSeconds(1);

	private static final String INTERNAL_ERROR = "INTERNAL_ERROR";

	private static final Logger logger = LoggerFactory.getLogger(ApiExceptionHandler.class);

	private static final Map<HttpStatus, String> CODE_BY_STATUS = Map.of(HttpStatus.BAD_REQUEST, "VALIDATION_FAILED",
			HttpStatus.UNAUTHORIZED, "UNAUTHENTICATED", HttpStatus.NOT_FOUND, "NOT_FOUND",
			HttpStatus.METHOD_NOT_ALLOWED, "METHOD_NOT_ALLOWED", HttpStatus.NOT_ACCEPTABLE, "NOT_ACCEPTABLE",
			HttpStatus.UNSUPPORTED_MEDIA_TYPE, "UNSUPPORTED_MEDIA_TYPE", HttpStatus.CONTENT_TOO_LARGE,
			"PAYLOAD_TOO_LARGE", HttpStatus.SERVICE_UNAVAILABLE, "SERVICE_UNAVAILABLE");

	@ExceptionHandler(ApiException.class)
	ResponseEntity<ProblemDetail> handleApiException(ApiException ex) {
		ResponseEntity<ProblemDetail> problem = problem(ex.status(), ex.code(), ex.getMessage());
		return ex.retryAfter().map((wait) -> withRetryAfter(problem, wait)).orElse(problem);
	}

	/** With {@code Retry-After}, so a client knows when trying again makes sense (RFC 9110). */
	private static ResponseEntity<ProblemDetail> withRetryAfter(ResponseEntity<ProblemDetail> problem, Duration wait) {
		// Whole seconds, rounded up: a client waiting less would be refused again.
		long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
		return ResponseEntity.status(problem.getStatusCode())
			.header(HttpHeaders.RETRY_AFTER, String.valueOf(seconds))
			.body(problem.getBody());
	}

	@ExceptionHandler(StatusRuntimeException.class)
	ResponseEntity<ProblemDetail> handleGrpcFailure(StatusRuntimeException ex) {
		return problemFor(ex);
	}

	/**
	 * The answer to a failed database-service call: its problem (4xx) for an answer such as
	 * NOT_FOUND, 503 when the service itself failed or shed the call.
	 */
	public static ResponseEntity<ProblemDetail> problemFor(StatusRuntimeException ex) {
		Status status = ex.getStatus();
		if (MarketplaceException.errorCodeOf(ex).orElse(null) == ErrorCode.TOO_MANY_REQUESTS) {
			return withRetryAfter(problem(HttpStatus.TOO_MANY_REQUESTS, ErrorCode.TOO_MANY_REQUESTS.name(),
					status.getDescription()), MarketplaceException.retryDelayOf(ex).orElse(RETRY_AFTER));
		}
		if (status.getCode() == Status.Code.RESOURCE_EXHAUSTED) {
			// A service protecting itself from a burst (of logins) is working as designed; its
			// gRPC metrics count these, and a warning each would flood the log during a burst.
			logger.debug("A database service shed a call: {}", status.getDescription());
			return serviceUnavailable();
		}
		if (GrpcFailures.isDependencyFailure(status)) {
			logger.warn("A database service failed: {} {}", status.getCode(), status.getDescription());
			return serviceUnavailable();
		}
		return problem(GrpcFailures.httpStatus(status), GrpcFailures.code(status, ex), status.getDescription());
	}

	@ExceptionHandler(DependencyUnavailableException.class)
	ResponseEntity<ProblemDetail> handleDependencyUnavailable(DependencyUnavailableException ex) {
		logger.warn("{}: {}", ex.getMessage(), String.valueOf(ex.getCause()));
		return serviceUnavailable();
	}

	private static ResponseEntity<ProblemDetail> serviceUnavailable() {
		return withRetryAfter(problem(HttpStatus.SERVICE_UNAVAILABLE, GrpcFailures.SERVICE_UNAVAILABLE,
				"A service this request needs is unavailable; try again shortly"), RETRY_AFTER);
	}

	@ExceptionHandler(ConstraintViolationException.class)
	ResponseEntity<ProblemDetail> handleConstraintViolation(ConstraintViolationException ex) {
		List<FieldError> errors = ex.getConstraintViolations()
			.stream()
			.map((violation) -> new FieldError(lastNode(violation.getPropertyPath().toString()),
					violation.getMessage()))
			.toList();
		return validationProblem(errors);
	}

	/** Tomcat refuses to read the query parameters: not valid UTF-8, or more than it allows. */
	@ExceptionHandler(InvalidParameterException.class)
	ResponseEntity<ProblemDetail> handleUnreadableParameters(InvalidParameterException ex) {
		return problem(HttpStatus.BAD_REQUEST, "VALIDATION_FAILED",
				"The request's parameters cannot be read: they are not valid UTF-8, or there are too many");
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<ProblemDetail> handleUnexpected(Exception ex) {
		logger.error("Unexpected failure", ex);
		return problem(HttpStatus.INTERNAL_SERVER_ERROR, INTERNAL_ERROR, "Something went wrong on our side");
	}

	@Override
	protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<FieldError> errors = ex.getBindingResult()
			.getFieldErrors()
			.stream()
			.map((error) -> new FieldError(error.getField(), error.getDefaultMessage()))
			.toList();
		return new ResponseEntity<>(validationProblem(errors).getBody(), HttpStatus.BAD_REQUEST);
	}

	@Override
	protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		List<FieldError> errors = ex.getParameterValidationResults()
			.stream()
			.flatMap(ApiExceptionHandler::fieldErrors)
			.toList();
		return new ResponseEntity<>(validationProblem(errors).getBody(), HttpStatus.BAD_REQUEST);
	}

	/**
	 * A path or query parameter that is not of its type ({@code category=lamp}, {@code offset=1e3}),
	 * or a single-valued one given more than once ({@code category=3&category=4}).
	 */
	@Override
	protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException ex, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		Class<?> type = ClassUtils.resolvePrimitiveIfNecessary(ex.getRequiredType());
		String message = (ex.getValue() instanceof String[] values && values.length > 1) ? "must be given once"
				: (type == Integer.class) ? wholeNumberBetween(Integer.MIN_VALUE, Integer.MAX_VALUE)
				: (type == Long.class) ? wholeNumberBetween(Long.MIN_VALUE, Long.MAX_VALUE) : "has the wrong type";
		return new ResponseEntity<>(validationProblem(List.of(new FieldError(ex.getPropertyName(), message))).getBody(),
				HttpStatus.BAD_REQUEST);
	}

	/** What a whole-number parameter must be: {@code offset=1e3} is refused. */
	private static String wholeNumberBetween(long min, long max) {
		return "must be a whole number in decimal digits, from " + min + " to " + max;
	}

	@Override
	protected ResponseEntity<Object> handleMissingServletRequestParameter(MissingServletRequestParameterException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		return new ResponseEntity<>(
				validationProblem(List.of(new FieldError(ex.getParameterName(), "is required"))).getBody(),
				HttpStatus.BAD_REQUEST);
	}

	/**
	 * A method the path does not take, answered with its {@code Allow} header; unlike Spring MVC's
	 * default, no warning: a client's mistake is not the operator's, and a scan would flood the log.
	 */
	@Override
	protected ResponseEntity<Object> handleHttpRequestMethodNotSupported(HttpRequestMethodNotSupportedException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		return handleExceptionInternal(ex, null, headers, status, request);
	}

	/** A path no endpoint answers: Spring MVC's own detail would speak of a static resource. */
	@Override
	protected ResponseEntity<Object> handleNoResourceFoundException(NoResourceFoundException ex, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		return new ResponseEntity<>(problem(HttpStatus.NOT_FOUND, "NOT_FOUND",
				"No endpoint answers " + ex.getHttpMethod() + " at this path; docs/REST-API.md lists them")
			.getBody(), HttpStatus.NOT_FOUND);
	}

	/**
	 * A request body's errors name its fields ({@code price}), not the Java parameter that holds
	 * it; a path, query or header parameter's errors name the parameter ({@code itemId}, {@code limit},
	 * {@code Idempotency-Key}), and the value of a list parameter its position ({@code keywords[1]}).
	 */
	private static Stream<FieldError> fieldErrors(ParameterValidationResult result) {
		if (result instanceof ParameterErrors body) {
			return body.getAllErrors()
				.stream()
				.map((error) -> new FieldError((error instanceof org.springframework.validation.FieldError field)
						? field.getField() : body.getObjectName(), error.getDefaultMessage()));
		}
		String parameter = nameInRequest(result.getMethodParameter())
				+ ((result.getContainerIndex() != null) ? "[" + result.getContainerIndex() + "]" : "");
		return result.getResolvableErrors()
			.stream()
			.map((error) -> new FieldError(parameter, error.getDefaultMessage()));
	}

	/** A header's errors name the header ({@code Idempotency-Key}), not the Java parameter. */
	private static String nameInRequest(MethodParameter parameter) {
		RequestHeader header = parameter.getParameterAnnotation(RequestHeader.class);
		String name = (header == null) ? "" : header.name().isEmpty() ? header.value() : header.name();
		return name.isEmpty() ? parameter.getParameterName() : name;
	}

	/**
	 * A body sent without a length that passed the limit while it was read (RequestSizeLimitFilter),
	 * or one with a field of the wrong type, which is named.
	 */
	@Override
	protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		Optional<RequestBodyLimit.ExceededException> exceeded = RequestBodyLimit.exceededIn(ex);
		if (exceeded.isPresent()) {
			ResponseEntity<ProblemDetail> answer = handleApiException(
					RequestSizeLimitFilter.tooLarge(exceeded.get().getMessage()));
			return new ResponseEntity<>(answer.getBody(), answer.getStatusCode());
		}
		Optional<FieldError> field = UnreadableBodyField.of(ex);
		if (field.isPresent()) {
			return new ResponseEntity<>(validationProblem(List.of(field.get())).getBody(), HttpStatus.BAD_REQUEST);
		}
		return super.handleHttpMessageNotReadable(ex, headers, status, request);
	}

	/** Gives the problems Spring MVC builds itself (bad JSON, 404, 405, ...) a code too. */
	@Override
	protected ResponseEntity<Object> handleExceptionInternal(Exception ex, Object body, HttpHeaders headers,
			HttpStatusCode statusCode, WebRequest request) {
		ResponseEntity<Object> response = super.handleExceptionInternal(ex, body, headers, statusCode, request);
		if (response != null && response.getBody() instanceof ProblemDetail problem
				&& problem.getProperties() == null) {
			HttpStatus status = HttpStatus.resolve(statusCode.value());
			describe(problem, codeFor(status));
			if (status == HttpStatus.BAD_REQUEST && problem.getDetail() != null
					&& problem.getDetail().startsWith("Failed to read request")) {
				problem.setDetail("The request body is missing or is not valid JSON of the expected shape");
			}
		}
		return response;
	}

	private static ResponseEntity<ProblemDetail> validationProblem(List<FieldError> errors) {
		ResponseEntity<ProblemDetail> response = problem(HttpStatus.BAD_REQUEST, "VALIDATION_FAILED",
				"The request has invalid fields");
		response.getBody().setProperty("errors", errors);
		return response;
	}

	/** A problem+json answer with the given status and code. */
	public static ResponseEntity<ProblemDetail> problem(HttpStatus status, String code, String detail) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		describe(problem, code);
		ResponseEntity.BodyBuilder answer = ResponseEntity.status(status);
		if (status == HttpStatus.UNAUTHORIZED) {
			// RFC 9110 asks every 401 to name the scheme that would authenticate the request.
			answer.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
		}
		return answer.body(problem);
	}

	/** The code of a problem that has only a status (VALIDATION_FAILED for 400, NOT_FOUND for 404, ...). */
	public static String codeFor(HttpStatus status) {
		if (status == null) {
			return "REQUEST_FAILED";
		}
		return CODE_BY_STATUS.getOrDefault(status, status.is5xxServerError() ? INTERNAL_ERROR : "REQUEST_FAILED");
	}

	/** Sets the machine-readable code, and a problem type derived from it (never left blank). */
	private static void describe(ProblemDetail problem, String code) {
		problem.setType(URI.create(PROBLEM_TYPE_PREFIX + code.toLowerCase(Locale.ROOT).replace('_', '-')));
		problem.setProperty("code", code);
	}

	private static String lastNode(String path) {
		int dot = path.lastIndexOf('.');
		return (dot < 0) ? path : path.substring(dot + 1);
	}

	/** One invalid field of a request. */
	public record FieldError(String field, String message) {
	}

}
