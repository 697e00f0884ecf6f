package dev.marketplace.buyer.purchase;

import java.util.Map;
import java.util.Optional;

import dev.marketplace.frontend.web.ApiExceptionHandler;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.StatusRuntimeException;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * Why a purchase bought nothing, as REST-API.md answers it: kept with its checkout, so every
 * repeat of its Idempotency-Key is answered the same.
 */
record Refusal(String code, String detail) {

	static final String CART_EMPTY = "CART_EMPTY";

	static final String PAYMENT_DECLINED = "PAYMENT_DECLINED";

	static final String VALIDATION_FAILED = "VALIDATION_FAILED";

	private static final Map<String, HttpStatus> STATUS_BY_CODE = Map.of(CART_EMPTY, HttpStatus.CONFLICT,
			ErrorCode.INSUFFICIENT_QUANTITY.name(), HttpStatus.CONFLICT, PAYMENT_DECLINED, HttpStatus.PAYMENT_REQUIRED,
			VALIDATION_FAILED, HttpStatus.BAD_REQUEST, ErrorCode.ITEM_NOT_FOUND.name(), HttpStatus.NOT_FOUND);

	/** A database service's answer that refuses the purchase, or nothing if it failed instead. */
	static Optional<Refusal> of(StatusRuntimeException ex) {
		ResponseEntity<ProblemDetail> problem = ApiExceptionHandler.problemFor(ex);
		if (!problem.getStatusCode().is4xxClientError()
				|| problem.getStatusCode().isSameCodeAs(HttpStatus.TOO_MANY_REQUESTS)) {
			return Optional.empty();
		}
		return Optional.of(new Refusal(String.valueOf(problem.getBody().getProperties().get("code")),
				problem.getBody().getDetail()));
	}

	ResponseEntity<ProblemDetail> answer() {
		return ApiExceptionHandler.problem(STATUS_BY_CODE.getOrDefault(this.code, HttpStatus.CONFLICT), this.code,
				this.detail);
	}

}
