package dev.marketplace.product.stock;

import java.time.Duration;
import java.util.UUID;

import dev.marketplace.product.ProductDbIntegrationTest;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ReserveStockRequest;
import dev.marketplace.proto.product.v1.StockLine;
import dev.marketplace.proto.product.v1.StockServiceGrpc;
import org.junit.jupiter.api.Test;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A purchase that never finishes (its buyer-service crashed) does not hold stock for ever. */
@TestPropertySource(properties = { "marketplace.stock.reservation-ttl=1s", "marketplace.stock.sweep-interval=200ms" })
class StockReservationExpiryIntegrationTests extends ProductDbIntegrationTest {

	@Test
	void aReservationNeitherConfirmedNorReleasedIsReleasedAfterItsTtl() {
		Item lamp = register(lamp().setQuantity(5).build());
		StockServiceGrpc.newBlockingStub(this.channel)
			.reserveStock(ReserveStockRequest.newBuilder()
				.setReservationId(UUID.randomUUID().toString())
				.addLines(StockLine.newBuilder().setItemId(lamp.getItemId()).setQuantity(2))
				.build());
		assertThat(quantity(lamp)).isEqualTo(3);

		await().atMost(Duration.ofSeconds(15)).until(() -> quantity(lamp) == 5);
	}

	int quantity(Item item) {
		return this.items.getItem(GetItemRequest.newBuilder().setItemId(item.getItemId()).build()).getItem().getQuantity();
	}

}
