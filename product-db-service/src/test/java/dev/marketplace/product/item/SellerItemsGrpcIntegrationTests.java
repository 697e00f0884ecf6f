package dev.marketplace.product.item;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

import dev.marketplace.product.ProductDbIntegrationTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.product.v1.ChangePriceRequest;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.GetItemsRequest;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.ListSellerItemsRequest;
import dev.marketplace.proto.product.v1.RemoveUnitsRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SellerItemsGrpcIntegrationTests extends ProductDbIntegrationTest {

	final long seller = ThreadLocalRandom.current().nextLong(1_000, Long.MAX_VALUE);

	@Test
	void ownerChangesThePrice() {
		Item item = register(lamp().setSellerId(this.seller).build());

		Item changed = this.items.changePrice(price(this.seller, item.getItemId(), 999)).getItem();

		assertThat(changed.getPriceCents()).isEqualTo(999);
		assertThat(get(item.getItemId()).getPriceCents()).isEqualTo(999);
	}

	@Test
	void anotherSellersItemIsPermissionDeniedNotItemOwner() {
		Item item = register(lamp().setSellerId(this.seller).build());

		assertFailsWith(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_ITEM_OWNER,
				() -> this.items.changePrice(price(this.seller + 1, item.getItemId(), 999)));
		assertFailsWith(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_ITEM_OWNER,
				() -> this.items.removeUnits(units(this.seller + 1, item.getItemId(), 1)));
	}

	@Test
	void unknownItemIsNotFound() {
		assertFailsWith(Status.Code.NOT_FOUND, ErrorCode.ITEM_NOT_FOUND,
				() -> this.items.changePrice(price(this.seller, "3-999999999", 999)));
		assertFailsWith(Status.Code.NOT_FOUND, ErrorCode.ITEM_NOT_FOUND,
				() -> this.items.removeUnits(units(this.seller, "3-999999999", 1)));
	}

	@Test
	void anItemIdWithAnotherCategoryIsNotFoundAndChangesNothing() {
		Item item = register(lamp().setSellerId(this.seller).setCategory(3).build());
		String elsewhere = "4-" + item.getItemId().split("-")[1];

		assertFailsWith(Status.Code.NOT_FOUND, ErrorCode.ITEM_NOT_FOUND,
				() -> this.items.changePrice(price(this.seller, elsewhere, 999)));
		assertFailsWith(Status.Code.NOT_FOUND, ErrorCode.ITEM_NOT_FOUND,
				() -> this.items.removeUnits(units(this.seller, elsewhere, 1)));
		assertThat(get(item.getItemId())).isEqualTo(item);
	}

	@Test
	void settingTheSamePriceAgainAnswersTheItem() {
		Item item = register(lamp().setSellerId(this.seller).build());

		assertThat(this.items.changePrice(price(this.seller, item.getItemId(), item.getPriceCents())).getItem())
			.isEqualTo(item);
	}

	@Test
	void zeroPriceIsInvalidArgument() {
		Item item = register(lamp().setSellerId(this.seller).build());

		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED,
				() -> this.items.changePrice(price(this.seller, item.getItemId(), 0)));
	}

	@Test
	void removingUnitsLowersTheQuantity() {
		Item item = register(lamp().setSellerId(this.seller).setQuantity(5).build());

		assertThat(this.items.removeUnits(units(this.seller, item.getItemId(), 2)).getItem().getQuantity())
			.isEqualTo(3);
	}

	@Test
	void removingMoreUnitsThanAvailableIsFailedPreconditionAndChangesNothing() {
		Item item = register(lamp().setSellerId(this.seller).setQuantity(2).build());

		assertFailsWith(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
				() -> this.items.removeUnits(units(this.seller, item.getItemId(), 3)));
		assertThat(get(item.getItemId()).getQuantity()).isEqualTo(2);
	}

	@Test
	void concurrentRemovalsNeverDriveTheQuantityBelowZero() throws Exception {
		Item item = register(lamp().setSellerId(this.seller).setQuantity(10).build());
		int succeeded = 0;
		ExecutorService pool = Executors.newFixedThreadPool(16);
		try {
			List<Future<Boolean>> attempts = new ArrayList<>();
			for (int i = 0; i < 40; i++) {
				attempts.add(pool.submit(() -> {
					try {
						this.items.removeUnits(units(this.seller, item.getItemId(), 1));
						return true;
					}
					catch (StatusRuntimeException ex) {
						assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
						return false;
					}
				}));
			}
			for (Future<Boolean> attempt : attempts) {
				succeeded += attempt.get() ? 1 : 0;
			}
		}
		finally {
			pool.shutdownNow();
		}

		assertThat(succeeded).isEqualTo(10);
		assertThat(get(item.getItemId()).getQuantity()).isZero();
	}

	@Test
	void sellerListingHasOnlyItsOwnItemsWithUnitsByItemId() {
		Item first = register(lamp().setSellerId(this.seller).setName("first").build());
		register(lamp().setSellerId(this.seller).setName("sold-out").setQuantity(0).build());
		Item third = register(lamp().setSellerId(this.seller).setName("third").build());
		register(lamp().setSellerId(this.seller + 1).setName("someone else's").build());

		List<Item> listing = this.items
			.listSellerItems(ListSellerItemsRequest.newBuilder().setSellerId(this.seller).build())
			.getItemsList();

		assertThat(listing).containsExactly(first, third);
	}

	@Test
	void getItemsLeavesUnknownIdsOut() {
		Item item = register(lamp().build());

		List<Item> found = this.items
			.getItems(GetItemsRequest.newBuilder().addItemIds(item.getItemId()).addItemIds("3-999999999").build())
			.getItemsList();

		assertThat(found).extracting(Item::getItemId).containsExactly(item.getItemId());
	}

	Item get(String itemId) {
		return this.items.getItem(GetItemRequest.newBuilder().setItemId(itemId).build()).getItem();
	}

	static ChangePriceRequest price(long seller, String itemId, long cents) {
		return ChangePriceRequest.newBuilder().setSellerId(seller).setItemId(itemId).setPriceCents(cents).build();
	}

	static RemoveUnitsRequest units(long seller, String itemId, int quantity) {
		return RemoveUnitsRequest.newBuilder().setSellerId(seller).setItemId(itemId).setQuantity(quantity).build();
	}

}
