package dev.marketplace.customer.purchase;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import org.hibernate.annotations.BatchSize;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import org.springframework.data.domain.Persistable;

/**
 * A completed purchase in its buyer's history, under the ID the caller chose (a UUID). New until
 * stored or loaded, so saving one inserts it rather than merging it (which would read it first).
 */
@Entity
@Table(name = "purchases")
class Purchase implements Persistable<String> {

	@Id
	@JdbcTypeCode(SqlTypes.CHAR)
	@Column(length = 36)
	private String id;

	@Column(name = "buyer_id", nullable = false)
	private long buyerId;

	@Column(name = "purchased_at", nullable = false)
	private Instant purchasedAt;

	@Column(nullable = false, precision = 19, scale = 2)
	private BigDecimal total;

	/** A page of the history reads the lines of all its purchases in one statement. */
	@ElementCollection
	@CollectionTable(name = "purchase_lines", joinColumns = @JoinColumn(name = "purchase_id"))
	@BatchSize(size = 100)
	private List<Line> lines = new ArrayList<>();

	@Transient
	private boolean stored;

	protected Purchase() {
	}

	Purchase(PurchaseRecord purchase) {
		this.id = purchase.id();
		this.buyerId = purchase.buyerId();
		this.purchasedAt = purchase.purchasedAt();
		this.total = purchase.total();
		purchase.lines()
			.forEach((line) -> this.lines
				.add(new Line(line.itemId(), line.quantity(), line.unitPrice(), line.sellerId())));
	}

	@Override
	public String getId() {
		return this.id;
	}

	@Override
	public boolean isNew() {
		return !this.stored;
	}

	@PostLoad
	@PostPersist
	void markStored() {
		this.stored = true;
	}

	PurchaseRecord toRecord() {
		return new PurchaseRecord(this.id, this.buyerId, this.purchasedAt, this.total,
				this.lines.stream()
					.sorted(Comparator.comparing(Line::itemId))
					.map((line) -> new PurchaseRecord.Line(line.itemId(), line.quantity(), line.unitPrice(),
							line.sellerId()))
					.toList());
	}

	/** Units of one item bought from its seller at a unit price. */
	@Embeddable
	record Line(@Column(name = "item_id", nullable = false, length = 30) String itemId,
			@Column(nullable = false) int quantity,
			@Column(name = "unit_price", nullable = false, precision = 10, scale = 2) BigDecimal unitPrice,
			@Column(name = "seller_id", nullable = false) long sellerId) {
	}

}
