package dev.marketplace.product.catalog;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

/**
 * A new listing as JPA persists it, keywords included. Reads and the single-statement updates
 * go through {@link ItemQueries}: hydrating entities cost more CPU than everything else the
 * product database did under load (docs/performance).
 */
@Entity
@Table(name = "items")
class ItemEntity {

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	@Column(nullable = false)
	private int category;

	@Column(nullable = false, length = 32)
	private String name;

	@ElementCollection
	@CollectionTable(name = "item_keywords", joinColumns = @JoinColumn(name = "item_id"))
	@OrderColumn(name = "position")
	private List<ItemKeyword> keywords = new ArrayList<>();

	@ElementCollection
	@CollectionTable(name = "item_keyword_sets", joinColumns = @JoinColumn(name = "item_id"))
	private List<ItemKeywordSet> keywordSets = new ArrayList<>();

	@Enumerated(EnumType.STRING)
	@Column(name = "item_condition", nullable = false, length = 4)
	private ItemCondition condition;

	@Column(nullable = false, precision = 10, scale = 2)
	private BigDecimal price;

	@Column(nullable = false)
	private int quantity;

	@Column(name = "seller_id", nullable = false)
	private long sellerId;

	@Column(name = "thumbs_up", nullable = false)
	private int thumbsUp;

	@Column(name = "thumbs_down", nullable = false)
	private int thumbsDown;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	protected ItemEntity() {
	}

	ItemEntity(NewItem item, Instant createdAt) {
		this.category = item.category();
		this.name = item.name();
		item.keywords().forEach((keyword) -> this.keywords.add(new ItemKeyword(keyword)));
		KeywordSets.of(this.keywords.stream().map(ItemKeyword::keywordKey).toList())
			.forEach((set) -> this.keywordSets.add(new ItemKeywordSet(set, item.category(), item.price())));
		this.condition = item.condition();
		this.price = item.price();
		this.quantity = item.quantity();
		this.sellerId = item.sellerId();
		this.createdAt = createdAt;
	}

	/** The listing as readers see it, once saved. */
	Item toItem() {
		return new Item(this.id, this.category, this.name, this.keywords.stream().map(ItemKeyword::keyword).toList(),
				this.condition, this.price, this.quantity, this.sellerId, this.thumbsUp, this.thumbsDown);
	}

}
