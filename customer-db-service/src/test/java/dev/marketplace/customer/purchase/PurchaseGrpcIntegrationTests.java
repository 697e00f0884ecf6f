package dev.marketplace.customer.purchase;

import java.util.List;
import java.util.UUID;

import dev.marketplace.customer.CustomerDbIntegrationTest;
import dev.marketplace.customer.CustomerDbTestChannel;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.customer.v1.CartRequest;
import dev.marketplace.proto.customer.v1.GetSellerRatingRequest;
import dev.marketplace.proto.customer.v1.GetSellerRatingResponse;
import dev.marketplace.proto.customer.v1.ListPurchasesRequest;
import dev.marketplace.proto.customer.v1.Purchase;
import dev.marketplace.proto.customer.v1.PurchaseLine;
import dev.marketplace.proto.customer.v1.RecordFeedbackRequest;
import dev.marketplace.proto.customer.v1.RecordFeedbackResponse;
import dev.marketplace.proto.customer.v1.RecordPurchaseRequest;
import dev.marketplace.proto.customer.v1.RemoveFromCartRequest;
import dev.marketplace.proto.customer.v1.Role;
import dev.marketplace.proto.customer.v1.SessionCredentials;
import io.grpc.Status;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

class PurchaseGrpcIntegrationTests extends CustomerDbIntegrationTest {

	@Autowired
	MeterRegistry meters;

	String buyerName;

	long buyer;

	String buyerToken;

	long seller;

	long otherSeller;

	@BeforeEach
	void accounts() {
		this.buyerName = unique();
		this.buyer = this.grpc.createAccount(Role.BUYER, this.buyerName, PASSWORD);
		this.buyerToken = this.grpc.login(Role.BUYER, this.buyerName, PASSWORD).getSessionToken();
		this.seller = this.grpc.createAccount(Role.SELLER, unique(), PASSWORD);
		this.otherSeller = this.grpc.createAccount(Role.SELLER, unique(), PASSWORD);
	}

	@Test
	void recordingGrowsTheBuyersAndEachSellersCounters() {
		record(purchase(1_000, line("3-1", 2, 1250, this.seller), line("3-2", 1, 500, this.otherSeller),
				line("4-3", 3, 100, this.seller)));

		assertThat(itemsPurchased(this.buyer)).isEqualTo(6);
		assertThat(rating(this.seller).getItemsSold()).isEqualTo(5);
		assertThat(rating(this.otherSeller).getItemsSold()).isEqualTo(1);
	}

	@Test
	void theUnitCountersGrowPastWhatAnIntHolds() {
		this.jdbc.sql("UPDATE sellers SET items_sold = ? WHERE id = ?").params(Integer.MAX_VALUE, this.seller).update();
		this.jdbc.sql("UPDATE buyers SET items_purchased = ? WHERE id = ?")
			.params(Integer.MAX_VALUE, this.buyer)
			.update();

		record(purchase(1_000, line("3-1", 1_000_000, 100, this.seller)));

		assertThat(rating(this.seller).getItemsSold()).isEqualTo(Integer.MAX_VALUE + 1_000_000L);
		assertThat(itemsPurchased(this.buyer)).isEqualTo(Integer.MAX_VALUE + 1_000_000L);
	}

	@Test
	void recordingTheSamePurchaseIdTwiceRecordsItOnce() {
		Purchase purchase = purchase(1_000, line("3-1", 2, 1250, this.seller));
		double unitsSold = this.meters.get("marketplace.units.sold").counter().count();

		record(purchase);
		Purchase again = record(purchase);

		assertThat(again).isEqualTo(purchase);
		assertThat(itemsPurchased(this.buyer)).isEqualTo(2);
		assertThat(history()).hasSize(1);
		assertThat(this.meters.get("marketplace.units.sold").counter().count()).isEqualTo(unitsSold + 2);
	}

	@Test
	void aTotalOfAnyCartIsRecorded() {
		Purchase yachts = purchase(1_000, line("4-1", 1_000_000, 9_999_999_999L, this.seller),
				line("4-2", 1_000_000, 9_999_999_999L, this.otherSeller));

		record(yachts);

		assertThat(history()).singleElement()
			.satisfies((recorded) -> assertThat(recorded.getTotalCents()).isEqualTo(19_999_999_998_000_000L));
	}

	@Test
	void aTotalThatIsNotTheSumOfTheLinesIsInvalidArgument() {
		Purchase wrong = purchase(1_000, line("3-1", 2, 1250, this.seller)).toBuilder().setTotalCents(1).build();

		assertFailsWith(Status.Code.INVALID_ARGUMENT, ErrorCode.VALIDATION_FAILED, () -> record(wrong));
	}

	@Test
	void recordingEmptiesTheSessionCartItBoughtAndTheSavedCart() {
		CartRequest cart = CustomerDbTestChannel.cartOf(this.buyerToken);
		this.grpc.addToCart(cart, "3-1", 2, 10);
		this.grpc.addToCart(cart, "3-2", 1, 10);
		this.grpc.carts.saveCart(cart);

		recordFor(cart, purchase(1_000, line("3-1", 2, 1250, this.seller), line("3-2", 1, 500, this.otherSeller)));

		assertThat(this.grpc.cartLines(cart)).isEmpty();
		assertThat(this.grpc.cartLines(this.grpc.buyerCart(this.buyerName, PASSWORD))).as("saved cart").isEmpty();
	}

	@Test
	void unitsAddedToTheCartWhileThePurchaseRanStayInIt() {
		CartRequest cart = CustomerDbTestChannel.cartOf(this.buyerToken);
		this.grpc.addToCart(cart, "3-1", 2, 10);
		Purchase ofTheCartAsRead = purchase(1_000, line("3-1", 2, 1250, this.seller));
		this.grpc.addToCart(cart, "3-1", 1, 10);
		this.grpc.addToCart(cart, "3-9", 4, 10);

		recordFor(cart, ofTheCartAsRead);

		assertThat(this.grpc.cartLines(cart)).containsExactly(CustomerDbTestChannel.cartLine("3-1", 1),
				CustomerDbTestChannel.cartLine("3-9", 4));
	}

	@Test
	void aLineCutDownWhileThePurchaseRanLeavesTheCart() {
		CartRequest cart = CustomerDbTestChannel.cartOf(this.buyerToken);
		this.grpc.addToCart(cart, "3-1", 3, 10);
		Purchase ofTheCartAsRead = purchase(1_000, line("3-1", 3, 1250, this.seller));
		this.grpc.carts.removeFromCart(
				RemoveFromCartRequest.newBuilder().setCart(cart).setItemId("3-1").setQuantity(1).build());

		recordFor(cart, ofTheCartAsRead);

		assertThat(this.grpc.cartLines(cart)).isEmpty();
	}

	@Test
	void recordingForEveryCartOfTheBuyerTakesTheUnitsBoughtOutOfEachSessionsCartAndTheSavedCart() {
		CartRequest first = CustomerDbTestChannel.cartOf(this.buyerToken);
		this.grpc.addToCart(first, "3-1", 3, 10);
		this.grpc.addToCart(first, "3-2", 1, 10);
		this.grpc.carts.saveCart(first);
		CartRequest second = this.grpc.buyerCart(this.buyerName, PASSWORD);
		this.grpc.addToCart(second, "3-9", 1, 10);
		String otherBuyer = unique();
		this.grpc.createAccount(Role.BUYER, otherBuyer, PASSWORD);
		CartRequest othersCart = this.grpc.buyerCart(otherBuyer, PASSWORD);
		this.grpc.addToCart(othersCart, "3-1", 3, 10);

		this.grpc.purchases.recordPurchase(RecordPurchaseRequest.newBuilder()
			.setPurchase(purchase(1_000, line("3-1", 2, 1250, this.seller), line("3-2", 1, 500, this.otherSeller)))
			.setEveryCartOfBuyer(true)
			.build());

		assertThat(this.grpc.cartLines(first)).containsExactly(CustomerDbTestChannel.cartLine("3-1", 1));
		assertThat(this.grpc.cartLines(second)).containsExactly(CustomerDbTestChannel.cartLine("3-1", 1),
				CustomerDbTestChannel.cartLine("3-9", 1));
		assertThat(this.grpc.cartLines(this.grpc.buyerCart(this.buyerName, PASSWORD))).as("saved cart")
			.containsExactly(CustomerDbTestChannel.cartLine("3-1", 1));
		assertThat(this.grpc.cartLines(othersCart)).as("another buyer's cart")
			.containsExactly(CustomerDbTestChannel.cartLine("3-1", 3));
	}

	@Test
	void recordingWithoutCartsLeavesThemAsTheyWere() {
		CartRequest cart = CustomerDbTestChannel.cartOf(this.buyerToken);
		this.grpc.addToCart(cart, "3-1", 2, 10);
		this.grpc.carts.saveCart(cart);

		record(purchase(1_000, line("3-1", 2, 1250, this.seller)));

		assertThat(this.grpc.cartLines(cart)).containsExactly(CustomerDbTestChannel.cartLine("3-1", 2));
		assertThat(this.grpc.cartLines(this.grpc.buyerCart(this.buyerName, PASSWORD))).as("saved cart")
			.containsExactly(CustomerDbTestChannel.cartLine("3-1", 2));
	}

	@Test
	void historyIsNewestFirst() {
		Purchase older = record(purchase(1_000, line("3-1", 1, 100, this.seller)));
		Purchase newer = record(purchase(2_000, line("3-2", 1, 100, this.seller)));

		assertThat(history()).containsExactly(newer, older);
	}

	@Test
	void feedbackOnABoughtItemCountsForItsSellerOnce() {
		record(purchase(1_000, line("3-1", 1, 100, this.seller)));

		RecordFeedbackResponse first = feedback("3-1", true);
		RecordFeedbackResponse second = feedback("3-1", false);

		assertThat(first.getNewlyRecorded()).isTrue();
		assertThat(first.getSellerId()).isEqualTo(this.seller);
		assertThat(second.getNewlyRecorded()).isFalse();
		assertThat(second.getThumbsUp()).as("the first vote stands").isTrue();
		assertThat(rating(this.seller).getThumbsUp()).isEqualTo(1);
		assertThat(rating(this.seller).getThumbsDown()).isZero();
	}

	@Test
	void feedbackOnAnItemNotBoughtIsPermissionDeniedNotPurchased() {
		assertFailsWith(Status.Code.PERMISSION_DENIED, ErrorCode.NOT_PURCHASED, () -> feedback("3-1", true));
	}

	Purchase purchase(long epochMillis, PurchaseLine... lines) {
		long total = List.of(lines).stream().mapToLong((l) -> l.getQuantity() * l.getUnitPriceCents()).sum();
		return Purchase.newBuilder()
			.setPurchaseId(UUID.randomUUID().toString())
			.setBuyerId(this.buyer)
			.setPurchasedAtEpochMillis(epochMillis)
			.setTotalCents(total)
			.addAllLines(List.of(lines))
			.build();
	}

	static PurchaseLine line(String itemId, int quantity, long unitPriceCents, long seller) {
		return PurchaseLine.newBuilder()
			.setItemId(itemId)
			.setQuantity(quantity)
			.setUnitPriceCents(unitPriceCents)
			.setSellerId(seller)
			.build();
	}

	Purchase record(Purchase purchase) {
		return this.grpc.purchases.recordPurchase(RecordPurchaseRequest.newBuilder().setPurchase(purchase).build())
			.getPurchase();
	}

	Purchase recordFor(CartRequest cart, Purchase purchase) {
		return this.grpc.purchases
			.recordPurchase(RecordPurchaseRequest.newBuilder()
				.setPurchase(purchase)
				.setSessionId(this.grpc.sessionIdOf(cart))
				.build())
			.getPurchase();
	}

	List<Purchase> history() {
		return this.grpc.purchases.listPurchases(ListPurchasesRequest.newBuilder().setBuyerId(this.buyer).build())
			.getPurchasesList();
	}

	RecordFeedbackResponse feedback(String itemId, boolean up) {
		return this.grpc.purchases.recordFeedback(
				RecordFeedbackRequest.newBuilder().setBuyerId(this.buyer).setItemId(itemId).setThumbsUp(up).build());
	}

	GetSellerRatingResponse rating(long sellerId) {
		return this.grpc.sellers.getSellerRating(GetSellerRatingRequest.newBuilder()
			.setSellerId(sellerId)
			.setSession(SessionCredentials.newBuilder().setRole(Role.BUYER).setSessionToken(this.buyerToken))
			.build());
	}

	long itemsPurchased(long buyerId) {
		return this.jdbc.sql("SELECT items_purchased FROM buyers WHERE id = ?")
			.param(buyerId)
			.query(Long.class)
			.single();
	}

}
