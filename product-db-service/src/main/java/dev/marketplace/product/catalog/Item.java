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

/** An item for sale with its stock and buyers' feedback. */
@Entity
@Table(name = "items")
class Item {

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

	protected Item() {
	}

	Item(NewItem item, Instant createdAt) {
		this.category = item.category();
		this.name = item.name();
		item.keywords().forEach((keyword) -> this.keywords.add(new ItemKeyword(keyword, item.category())));
		this.condition = item.condition();
		this.price = item.price();
		this.quantity = item.quantity();
		this.sellerId = item.sellerId();
		this.createdAt = createdAt;
	}

	boolean isOwnedBy(long seller) {
		return this.sellerId == seller;
	}

	void changePrice(BigDecimal newPrice) {
		this.price = newPrice;
	}

	ItemId itemId() {
		return new ItemId(this.category, this.id);
	}

	int category() {
		return this.category;
	}

	String name() {
		return this.name;
	}

	List<String> keywords() {
		return this.keywords.stream().map(ItemKeyword::keyword).toList();
	}

	ItemCondition condition() {
		return this.condition;
	}

	BigDecimal price() {
		return this.price;
	}

	int quantity() {
		return this.quantity;
	}

	long sellerId() {
		return this.sellerId;
	}

	int thumbsUp() {
		return this.thumbsUp;
	}

	int thumbsDown() {
		return this.thumbsDown;
	}

}
