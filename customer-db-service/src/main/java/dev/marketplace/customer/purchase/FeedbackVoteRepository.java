package dev.marketplace.customer.purchase;

import java.time.Instant;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface FeedbackVoteRepository extends JpaRepository<FeedbackVote, FeedbackVote.Key> {

	/**
	 * Records the vote unless the buyer voted on the item before: one statement that cannot race a
	 * second sending of it, as a read and an insert could.
	 * @return 1 if recorded now, 0 if a vote was there
	 */
	@Modifying
	@Query(value = """
			INSERT IGNORE INTO feedback_votes (buyer_id, item_id, seller_id, thumbs_up, created_at)
			VALUES (:buyerId, :itemId, :sellerId, :thumbsUp, :createdAt)""", nativeQuery = true)
	int recordIfAbsent(long buyerId, String itemId, long sellerId, boolean thumbsUp, Instant createdAt);

}
