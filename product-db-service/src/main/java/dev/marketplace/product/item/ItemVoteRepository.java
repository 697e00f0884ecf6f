package dev.marketplace.product.item;

import java.time.Instant;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface ItemVoteRepository extends JpaRepository<ItemVote, ItemVote.Key> {

	/**
	 * Records the buyer's vote unless one is recorded: one statement that cannot race another
	 * sending of the same vote, as a read and an insert could.
	 * @return 1 if recorded now, 0 if it was before
	 */
	@Modifying
	@Query(value = """
			INSERT IGNORE INTO item_votes (item_id, buyer_id, thumbs_up, created_at)
			VALUES (:itemId, :buyerId, :thumbsUp, :createdAt)""", nativeQuery = true)
	int recordIfAbsent(long itemId, long buyerId, boolean thumbsUp, Instant createdAt);

}
