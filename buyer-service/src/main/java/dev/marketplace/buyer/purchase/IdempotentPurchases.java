package dev.marketplace.buyer.purchase;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import dev.marketplace.frontend.session.Caller;
import dev.marketplace.frontend.web.ApiException;
import dev.marketplace.frontend.web.ApiExceptionHandler;
import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.BeginPurchaseAttemptRequest;
import dev.marketplace.proto.customer.v1.FinishPurchaseAttemptRequest;
import dev.marketplace.proto.customer.v1.PurchaseAttempt;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import io.grpc.StatusRuntimeException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * MakePurchase with an Idempotency-Key: the first request with a key runs the purchase and its
 * answer (status and body) is stored in the customer database; every repeat, sequential or
 * concurrent, gets that answer. A transient failure (503) is not stored: the next repeat runs the
 * purchase again under the same purchase ID, which every step treats idempotently.
 */
@Service
class IdempotentPurchases {

	private static final Duration POLL = Duration.ofMillis(100);

	/** How soon a client should repeat a request whose purchase is still running. */
	private static final Duration IN_PROGRESS_RETRY_AFTER = Duration.ofSeconds(2);

	private final PurchaseServiceBlockingStub purchases;

	private final CheckoutService checkout;

	private final JsonMapper json;

	private final SecretKeySpec fingerprintKey;

	private final Duration waitForConcurrent;

	IdempotentPurchases(PurchaseServiceBlockingStub purchases, CheckoutService checkout, JsonMapper json,
			@Value("${marketplace.purchases.fingerprint-key}") String fingerprintKey,
			@Value("${marketplace.purchases.wait-for-concurrent:10s}") Duration waitForConcurrent) {
		this.purchases = purchases;
		this.checkout = checkout;
		this.json = json;
		this.fingerprintKey = new SecretKeySpec(fingerprintKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
		this.waitForConcurrent = waitForConcurrent;
	}

	ResponseEntity<?> purchase(Caller buyer, PurchaseRequest card, String key) throws InterruptedException {
		if (key.isBlank() || key.length() > 64) {
			throw ApiException.validation("The Idempotency-Key must be 1 to 64 characters");
		}
		long deadline = System.nanoTime() + this.waitForConcurrent.toNanos();
		while (true) {
			PurchaseAttempt attempt = begin(buyer, card, key);
			switch (attempt.getState()) {
				case COMPLETED:
					return stored(attempt);
				case CLAIMED:
					return run(buyer, card, key, attempt);
				default:
					if (System.nanoTime() > deadline) {
						throw new ApiException(HttpStatus.CONFLICT, "PURCHASE_IN_PROGRESS",
								"A purchase with this Idempotency-Key is still running; repeat the request after "
										+ "Retry-After seconds",
								IN_PROGRESS_RETRY_AFTER);
					}
					Thread.sleep(POLL.toMillis());
			}
		}
	}

	private PurchaseAttempt begin(Caller buyer, PurchaseRequest card, String key) {
		try {
			return this.purchases.beginPurchaseAttempt(BeginPurchaseAttemptRequest.newBuilder()
				.setBuyerId(buyer.userId())
				.setIdempotencyKey(key)
				.setRequestFingerprint(fingerprint(card))
				.build());
		}
		catch (StatusRuntimeException ex) {
			if (MarketplaceException.errorCodeOf(ex).orElse(null) == ErrorCode.IDEMPOTENCY_KEY_REUSED) {
				throw new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, "IDEMPOTENCY_KEY_REUSED",
						"This Idempotency-Key was used before with a different request");
			}
			throw ex;
		}
	}

	/**
	 * Runs the purchase and stores its answer, refusals included (a 409 from the stock
	 * reservation, say); only a dependency failure (503) is left unstored, for a repeat to retry.
	 * A repeat resumes what an earlier run left, so a purchase that was paid is answered as made
	 * whatever the cart holds by then.
	 */
	private ResponseEntity<?> run(Caller buyer, PurchaseRequest card, String key, PurchaseAttempt attempt) {
		ResponseEntity<?> answer;
		try {
			answer = attempt.getResumed() ? this.checkout.resume(buyer, card, attempt.getPurchaseId())
					: this.checkout.purchase(buyer, card, attempt.getPurchaseId());
		}
		catch (StatusRuntimeException ex) {
			answer = ApiExceptionHandler.problemFor(ex);
			if (!answer.getStatusCode().is4xxClientError()) {
				finish(buyer, key, false, 0, "");
				return answer;
			}
		}
		catch (RuntimeException ex) {
			finish(buyer, key, false, 0, "");
			throw ex;
		}
		if (answer.getBody() instanceof ProblemDetail problem && problem.getInstance() == null) {
			// Spring MVC fills the instance in as it writes the answer; the stored copy needs it now.
			problem.setInstance(URI.create(ServletUriComponentsBuilder.fromCurrentRequestUri().build().getPath()));
		}
		finish(buyer, key, true, answer.getStatusCode().value(), this.json.writeValueAsString(answer.getBody()));
		return answer;
	}

	private void finish(Caller buyer, String key, boolean isFinal, int status, String body) {
		this.purchases.finishPurchaseAttempt(FinishPurchaseAttemptRequest.newBuilder()
			.setBuyerId(buyer.userId())
			.setIdempotencyKey(key)
			.setFinal(isFinal)
			.setStatusCode(status)
			.setResponseBody(body)
			.build());
	}

	private static ResponseEntity<String> stored(PurchaseAttempt attempt) {
		MediaType type = (attempt.getStatusCode() < 400) ? MediaType.APPLICATION_JSON
				: MediaType.APPLICATION_PROBLEM_JSON;
		return ResponseEntity.status(attempt.getStatusCode()).contentType(type).body(attempt.getResponseBody());
	}

	/** A keyed hash of the request: it tells bodies apart without keeping card data. */
	private String fingerprint(PurchaseRequest card) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(this.fingerprintKey);
			String body = String.join("\u0000", card.cardholderName(), card.cardNumber(), card.expiry(),
					card.securityCode());
			return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Every JDK has HmacSHA256", ex);
		}
	}

}
