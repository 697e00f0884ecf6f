package dev.marketplace.customer.purchase;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

/** A buyer's one vote on an item bought, counted for the item's seller. */
@Entity
@Table(name = "feedback_votes")
@IdClass(FeedbackVote.Key.class)
class FeedbackVote {

	@Id
	@Column(name = "buyer_id")
	private long buyerId;

	@Id
	@Column(name = "item_id", length = 30)
	private String itemId;

	@Column(name = "seller_id", nullable = false)
	private long sellerId;

	@Column(name = "thumbs_up", nullable = false)
	private boolean thumbsUp;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	protected FeedbackVote() {
	}

	long sellerId() {
		return this.sellerId;
	}

	boolean thumbsUp() {
		return this.thumbsUp;
	}

	record Key(long buyerId, String itemId) {
	}

}
