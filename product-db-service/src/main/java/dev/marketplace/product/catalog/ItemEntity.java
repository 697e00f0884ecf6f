package dev.marketplace.product.catalog;

import java.math.BigDecimal;
import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * A new listing's row as JPA persists it, its keywords included; the keyword sets search finds it
 * under are written by {@link ItemQueries#insertKeywordSets} in the same transaction. Reads and the single-statement
 * updates go through {@link ItemQueries}: hydrating entities cost more CPU than everything else
 * the product database did under load (docs/performance).
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

	/** As the seller wrote them, in order, joined by {@link NewItem#KEYWORD_SEPARATOR}. */
	@Column(nullable = false, length = 44)
	private String keywords;

	protected ItemEntity() {
	}

	ItemEntity(NewItem item, Instant createdAt) {
		this.category = item.category();
		this.name = item.name();
		this.condition = item.condition();
		this.price = item.price();
		this.quantity = item.quantity();
		this.sellerId = item.sellerId();
		this.createdAt = createdAt;
		this.keywords = String.join(NewItem.KEYWORD_SEPARATOR, item.keywords());
	}

	/** The row ID the database gave the listing, once persisted. */
	long id() {
		return this.id;
	}

}
