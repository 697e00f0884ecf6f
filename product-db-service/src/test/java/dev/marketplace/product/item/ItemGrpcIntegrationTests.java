package dev.marketplace.product.item;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.product.ProductDbIntegrationTest;
import dev.marketplace.proto.common.v1.ErrorCode;
import dev.marketplace.proto.product.v1.Condition;
import dev.marketplace.proto.product.v1.GetItemRequest;
import dev.marketplace.proto.product.v1.Item;
import dev.marketplace.proto.product.v1.RegisterItemRequest;
import dev.marketplace.testsupport.GrpcReflection;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

class ItemGrpcIntegrationTests extends ProductDbIntegrationTest {

	@Autowired
	MeterRegistry meters;

	@Autowired
	JdbcClient jdbc;

	@Test
	void registeredItemGetsCategoryPrefixedIdAndStartsWithNoFeedback() {
		Item item = register(lamp().build());

		assertThat(item.getItemId()).matches("3-\\d+");
		assertThat(item.getName()).isEqualTo("Desk lamp");
		assertThat(item.getKeywordsList()).containsExactly("lamp", "Desk");
		assertThat(item.getCondition()).isEqualTo(Condition.USED);
		assertThat(item.getPriceCents()).isEqualTo(1250);
		assertThat(item.getQuantity()).isEqualTo(4);
		assertThat(item.getSellerId()).isEqualTo(7);
		assertThat(item.getFeedback().getThumbsUp()).isZero();
		assertThat(item.getFeedback().getThumbsDown()).isZero();
	}

	@Test
	void getItemReadsBackWhatWasRegistered() {
		Item registered = register(lamp().build());

		Item read = this.items.getItem(GetItemRequest.newBuilder().setItemId(registered.getItemId()).build())
			.getItem();

		assertThat(read).isEqualTo(registered);
	}

	@Test
	void itemIdsAreUniqueAcrossCategories() {
		Item first = register(lamp().setCategory(1).build());
		Item second = register(lamp().setCategory(2).build());

		assertThat(first.getItemId().split("-")[1]).isNotEqualTo(second.getItemId().split("-")[1]);
	}

	@Test
	void keywordsDifferingOnlyInCaseAreKeptOnce() {
		Item item = register(lamp().clearKeywords().addAllKeywords(List.of("Lamp", "lamp", "LAMP")).build());

		assertThat(item.getKeywordsList()).containsExactly("Lamp");
	}

	@Test
	void keywordsAreStrippedOfSurroundingSpaces() {
		Item item = register(lamp().clearKeywords().addAllKeywords(List.of(" Lamp ", "lamp", "desk  ")).build());

		assertThat(item.getKeywordsList()).containsExactly("Lamp", "desk");
	}

	@Test
	void itemWithoutKeywordsIsListedAndReadBack() {
		Item registered = register(lamp().clearKeywords().build());

		Item read = this.items.getItem(GetItemRequest.newBuilder().setItemId(registered.getItemId()).build())
			.getItem();

		assertThat(read.getKeywordsList()).isEmpty();
		assertThat(read).isEqualTo(registered);
	}

	@Test
	void listingsThatCommitAreCounted() {
		double listed = this.meters.get("marketplace.items.listed").counter().count();

		register(lamp().build());
		catchThrowableOfType(StatusRuntimeException.class, () -> register(lamp().setPriceCents(0).build()));

		assertThat(this.meters.get("marketplace.items.listed").counter().count()).isEqualTo(listed + 1);
	}

	@Test
	void aListingWhoseKeywordSetsCannotBeStoredLeavesNoItemBehind() {
		String name = "half-listed-" + ThreadLocalRandom.current().nextInt(1_000_000);
		// Refuses one keyword set, which is written after the item's row.
		this.jdbc.sql("""
				CREATE TRIGGER refuse_keyword_set BEFORE INSERT ON item_keyword_sets FOR EACH ROW
				IF NEW.keyword_set = 'refused' THEN SIGNAL SQLSTATE '45000'; END IF""").update();
		try {
			assertThat(catchThrowableOfType(StatusRuntimeException.class,
					() -> register(lamp().setName(name).clearKeywords().addKeywords("refused").build())))
				.isNotNull();
		}
		finally {
			this.jdbc.sql("DROP TRIGGER refuse_keyword_set").update();
		}

		assertThat(this.jdbc.sql("SELECT COUNT(*) FROM items WHERE name = ?").param(name).query(Long.class).single())
			.isZero();
	}

	@Test
	void unknownItemIsNotFound() {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.items.getItem(GetItemRequest.newBuilder().setItemId("3-999999999").build()));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
		assertThat(MarketplaceException.errorCodeOf(failure)).contains(ErrorCode.ITEM_NOT_FOUND);
	}

	@Test
	void itemIdWithAnotherCategoryIsNotFound() {
		String number = register(lamp().build()).getItemId().split("-")[1];

		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.items.getItem(GetItemRequest.newBuilder().setItemId("4-" + number).build()));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
	}

	@Test
	void malformedItemIdIsInvalidArgument() {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.items.getItem(GetItemRequest.newBuilder().setItemId("lamp").build()));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(MarketplaceException.errorCodeOf(failure)).contains(ErrorCode.VALIDATION_FAILED);
	}

	@Test
	void itemOutsideTheLimitsIsInvalidArgumentNamingEveryProblem() {
		RegisterItemRequest bad = lamp().setName("")
			.setCategory(-1)
			.addAllKeywords(List.of("toolongword", "a", "b", "c", "d"))
			.setCondition(Condition.CONDITION_UNSPECIFIED)
			.setPriceCents(0)
			.setQuantity(-1)
			.build();

		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.items.registerItem(bad));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(failure.getStatus().getDescription()).contains("name", "category", "keywords", "condition",
				"price", "quantity");
	}

	/** Counted with the status the caller receives, not as UNKNOWN. */
	@Test
	void anUnknownItemIsCountedAsNotFoundInTheServersMetrics() {
		catchThrowableOfType(StatusRuntimeException.class,
				() -> this.items.getItem(GetItemRequest.newBuilder().setItemId("3-999999998").build()));

		// The server records the call as it closes it, which may be just after the client has its answer.
		Timer notFound = await().atMost(Duration.ofSeconds(10))
			.until(() -> this.meters.find("grpc.server.processing.duration")
				.tag("method", "GetItem")
				.tag("statusCode", "NOT_FOUND")
				.timer(), Objects::nonNull);
		assertThat(notFound.count()).isPositive();
	}

	@Test
	void aCategoryNoItemIdCanCarryIsInvalidArgument() {
		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.items.registerItem(lamp().setCategory(1_000_000_000).build()));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(failure.getStatus().getDescription()).contains("category must be from 0 to 999999999");
	}

	@Test
	void theLargestCategoryAnIdCarriesIsListedAndFoundByItsId() {
		Item item = register(lamp().setCategory(999_999_999).build());

		assertThat(this.items.getItem(GetItemRequest.newBuilder().setItemId(item.getItemId()).build()).getItem())
			.isEqualTo(item);
	}

	@Test
	void aNameWithAControlCharacterIsInvalidArgument() {
		RegisterItemRequest withNul = lamp().setName("Desk\u0000lamp").build();

		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.items.registerItem(withNul));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(failure.getStatus().getDescription()).isEqualTo("name must not contain control characters");
	}

	@Test
	void limitsCountCharactersSoANameAndKeywordsOfEmojiAtTheirLimitAreStoredWhole() {
		Item registered = register(lamp().setName("\uD83E\uDE91".repeat(32))
			.clearKeywords()
			.addKeywords("\uD83D\uDCA1".repeat(8))
			.build());

		Item read = this.items.getItem(GetItemRequest.newBuilder().setItemId(registered.getItemId()).build())
			.getItem();

		assertThat(read.getName()).isEqualTo("\uD83E\uDE91".repeat(32));
		assertThat(read.getKeywordsList()).containsExactly("\uD83D\uDCA1".repeat(8));
	}

	@Test
	void aKeywordOf9EmojiIsInvalidArgument() {
		RegisterItemRequest tooLong = lamp().clearKeywords().addKeywords("\uD83D\uDCA1".repeat(9)).build();

		StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class,
				() -> this.items.registerItem(tooLong));

		assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(failure.getStatus().getDescription()).isEqualTo("keywords must be 1 to 8 characters");
	}

	@Test
	void standardHealthServiceReportsServing() {
		HealthCheckResponse health = HealthGrpc.newBlockingStub(this.channel)
			.check(HealthCheckRequest.getDefaultInstance());

		assertThat(health.getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
	}

	@Test
	void reflectionServesTheErrorDetailTypesSoAClientSuchAsGrpcurlDecodesThem() throws Exception {
		assertThat(GrpcReflection.filesFor(this.channel, "google.rpc.ErrorInfo"))
			.contains("google/rpc/error_details.proto");
	}

}
