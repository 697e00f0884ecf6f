package dev.marketplace.product.item;

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
import jakarta.persistence.Table;

/**
 * An item for sale with its stock and buyers' feedback. Its ID as clients see it is
 * {@code <category>-<number>}, the number being the row's. The keyword sets search finds it under
 * ({@link KeywordSets}) belong to the item and are written with it; stock, price and vote counts
 * change only through {@link ItemRepository}'s conditional updates.
 */
@Entity
@Table(name = "items")
public class Item {

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

	/** The keywords as the seller wrote them, in order, joined by {@link NewItem#KEYWORD_SEPARATOR}. */
	@Column(nullable = false, length = 44)
	private String keywords;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	@ElementCollection
	@CollectionTable(name = "item_keyword_sets", joinColumns = @JoinColumn(name = "item_id"))
	private List<ListedKeywordSet> keywordSets = new ArrayList<>();

	protected Item() {
	}

	Item(NewItem item, Instant listedAt) {
		this.category = item.category();
		this.name = item.name();
		this.condition = item.condition();
		this.price = item.price();
		this.quantity = item.quantity();
		this.sellerId = item.sellerId();
		this.keywords = String.join(NewItem.KEYWORD_SEPARATOR, item.keywords());
		this.createdAt = listedAt;
		KeywordSets.of(item.keywords().stream().map(NewItem::keywordKey).toList())
			.forEach((set) -> this.keywordSets.add(new ListedKeywordSet(set, this.category, this.price)));
	}

	public long number() {
		return this.id;
	}

	public int category() {
		return this.category;
	}

	public ItemId itemId() {
		return new ItemId(this.category, this.id);
	}

	public String name() {
		return this.name;
	}

	public List<String> keywords() {
		return this.keywords.isEmpty() ? List.of() : List.of(this.keywords.split(NewItem.KEYWORD_SEPARATOR));
	}

	public ItemCondition condition() {
		return this.condition;
	}

	public BigDecimal price() {
		return this.price;
	}

	public int quantity() {
		return this.quantity;
	}

	public long sellerId() {
		return this.sellerId;
	}

	public int thumbsUp() {
		return this.thumbsUp;
	}

	public int thumbsDown() {
		return this.thumbsDown;
	}

	boolean isOwnedBy(long seller) {
		return this.sellerId == seller;
	}

}
