package dev.marketplace.buyer.purchase;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import dev.marketplace.frontend.catalog.Money;
import dev.marketplace.frontend.session.Caller;
import dev.marketplace.frontend.web.ListJson;
import dev.marketplace.frontend.web.Paging;
import dev.marketplace.proto.customer.v1.ListPurchasesRequest;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseServiceGrpc.PurchaseServiceBlockingStub;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
class PurchaseController {

	private final PurchaseServiceBlockingStub purchases;

	PurchaseController(PurchaseServiceBlockingStub purchases) {
		this.purchases = purchases;
	}

	@Operation(summary = "GetBuyerPurchases: newest first")
	@GetMapping("/api/v1/buyers/me/purchases")
	ListJson<PurchaseJson> history(Caller buyer,
			@RequestParam(defaultValue = Paging.DEFAULT_LIMIT) @Min(1) @Max(Paging.MAX_LIMIT) int limit,
			@RequestParam(defaultValue = "0") @Min(0) int offset) {
		return new ListJson<>(this.purchases
			.listPurchases(ListPurchasesRequest.newBuilder()
				.setBuyerId(buyer.userId())
				.setLimit(limit)
				.setOffset(offset)
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
