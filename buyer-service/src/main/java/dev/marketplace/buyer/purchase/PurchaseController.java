package dev.marketplace.buyer.purchase;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.marketplace.frontend.catalog.Money;
import dev.marketplace.frontend.docs.Problem;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.frontend.web.ApiException;
import dev.marketplace.frontend.web.DependencyUnavailableException;
import dev.marketplace.frontend.web.ListJson;
import dev.marketplace.frontend.web.Paging;
import dev.marketplace.proto.customer.v1.ListPurchasesRequest;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
class PurchaseController {

	/** How soon a client should repeat a request whose purchase is still running. */
	private static final Duration IN_PROGRESS_RETRY_AFTER = Duration.ofSeconds(2);

	private final PurchaseServiceBlockingStub purchases;

	private final PurchaseSaga saga;

	PurchaseController(PurchaseServiceBlockingStub purchases, PurchaseSaga saga) {
		this.purchases = purchases;
		this.saga = saga;
	}

	@Operation(summary = "MakePurchase: buys the whole cart",
			description = "Reserves the cart's stock, has the payment service authorise the total, then sells the "
					+ "stock, captures the payment and records the purchase; nothing is bought or charged unless all "
					+ "of it succeeds. With an Idempotency-Key, every repeat gets the first request's answer.")
	@ApiResponse(responseCode = "201", description = "The purchase",
			content = @Content(schema = @Schema(implementation = PurchaseJson.class)))
	@Problem(status = 402, code = "PAYMENT_DECLINED", when = "The card issuer declined the payment")
	@Problem(status = 400, code = "VALIDATION_FAILED", when = "The card data is malformed, or the card has expired")
	@Problem(status = 409, code = "CART_EMPTY", when = "The cart is empty")
	@Problem(status = 409, code = "INSUFFICIENT_QUANTITY", when = "An item has fewer units than the cart holds")
	@Problem(status = 409, code = "PURCHASE_IN_PROGRESS",
			when = "A request with this Idempotency-Key is still running; repeat it after Retry-After seconds")
	@Problem(status = 422, code = "IDEMPOTENCY_KEY_REUSED", when = "The Idempotency-Key came with a different body")
	@PostMapping("/api/v1/buyers/me/purchases")
	ResponseEntity<?> makePurchase(Caller buyer, @Valid @RequestBody PurchaseRequest card,
			@Parameter(description = "1 to 64 characters chosen by the client, per buyer: every repeat of the "
					+ "request with it gets the first answer, and the cart is bought and charged once",
					example = "6f1c2a0e-purchase-1") @RequestHeader(name = "Idempotency-Key",
							required = false) @Size(min = 1, max = 64, message = "must be 1 to 64 characters")
			String idempotencyKey)
			throws InterruptedException {
		return answer(this.saga.purchase(buyer, card, idempotencyKey));
	}

	private static ResponseEntity<?> answer(PurchaseOutcome outcome) {
		if (outcome instanceof PurchaseOutcome.Bought bought) {
			return ResponseEntity.status(HttpStatus.CREATED).body(PurchaseJson.from(bought.purchase()));
		}
		if (outcome instanceof PurchaseOutcome.Refused refused) {
			return refused.refusal().answer();
		}
		if (outcome instanceof PurchaseOutcome.Undone undone) {
			throw new DependencyUnavailableException("Purchase " + undone.purchaseId()
					+ " could not be completed in time and was undone; nothing was charged", null);
		}
		if (outcome instanceof PurchaseOutcome.StillRunning) {
			throw new ApiException(HttpStatus.CONFLICT, "PURCHASE_IN_PROGRESS",
					"A purchase with this Idempotency-Key is still running; repeat the request after Retry-After seconds",
					IN_PROGRESS_RETRY_AFTER);
		}
		throw new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, "IDEMPOTENCY_KEY_REUSED",
				"This Idempotency-Key was used before with a different request");
	}

	@Operation(summary = "GetBuyerPurchases: newest first",
			description = "The calling buyer's purchases with their lines and prices as bought, paged.")
	@GetMapping("/api/v1/buyers/me/purchases")
	ListJson<PurchaseJson> history(Caller buyer,
			@RequestParam(required = false) @Min(1) @Max(Paging.MAX_LIMIT) Integer limit,
			@RequestParam(required = false) @Min(0) Integer offset) {
		return new ListJson<>(this.purchases
			.listPurchases(ListPurchasesRequest.newBuilder()
				.setBuyerId(buyer.userId())
				.setLimit(Paging.limit(limit))
				.setOffset(Paging.offset(offset))
				.build())
			.getPurchasesList()
			.stream()
			.map(PurchaseJson::from)
			.toList());
	}

	/** The Purchase object of REST-API.md. */
	public record PurchaseJson(String purchaseId, String purchasedAt, BigDecimal total, List<Line> items) {

		static PurchaseJson from(Purchase purchase) {
			return new PurchaseJson(purchase.getPurchaseId(),
					Instant.ofEpochMilli(purchase.getPurchasedAtEpochMillis()).toString(),
					Money.fromCents(purchase.getTotalCents()),
					purchase.getLinesList()
						.stream()
						.map((line) -> new Line(line.getItemId(), line.getQuantity(),
								Money.fromCents(line.getUnitPriceCents()), line.getSellerId()))
						.toList());
		}

		/** Units of one item bought from its seller. */
		public record Line(String itemId, int quantity, BigDecimal unitPrice, long sellerId) {
		}

	}

}
