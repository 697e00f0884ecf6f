package dev.marketplace.buyer.purchase;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * MakePurchase's outcomes, as {@code marketplace.purchases{outcome}}: approved, declined,
 * invalid_card, payment_unavailable and short_stock; compensated (undone after it was authorised,
 * or after its request stopped half-way) and recovered (completed after its request stopped).
 */
@Component
class PurchaseOutcomes {

	private final MeterRegistry meters;

	PurchaseOutcomes(MeterRegistry meters) {
		this.meters = meters;
	}

	void count(String outcome) {
		Counter.builder("marketplace.purchases")
			.description("Purchases by outcome")
			.tag("outcome", outcome)
			.register(this.meters)
			.increment();
	}

}
