package dev.marketplace.product.item;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

/**
 * A buyer's vote on an item, kept so that it is counted on the item once however often it is
 * sent. Whether the buyer may vote is the customer database's decision.
 */
@Entity
@Table(name = "item_votes")
@IdClass(ItemVote.Key.class)
class ItemVote {

	@Id
	@Column(name = "item_id")
	private long itemId;

	@Id
	@Column(name = "buyer_id")
	private long buyerId;

	@Column(name = "thumbs_up", nullable = false)
	private boolean thumbsUp;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	protected ItemVote() {
	}

	record Key(long itemId, long buyerId) {
	}

}
