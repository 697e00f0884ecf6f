package dev.marketplace.customer.account;

import java.util.Optional;

import dev.marketplace.customer.session.AccountRole;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

/**
 * Sellers and their counters. The counters change by single conditional statements, each
 * autocommitted; a rating is read in the session check's own statement, so a call that reads one
 * costs one round trip.
 */
interface SellerRepository extends JpaRepository<Seller, Long> {

	Optional<Seller> findByUsername(String username);

	/** The session with this token hash, and the rating of the seller it is a session of. */
	@Query("""
			select new dev.marketplace.customer.account.RatingInSession(s.id, s.role, s.userId, s.lastSeenAt,
			       r.id, r.thumbsUp, r.thumbsDown, r.itemsSold)
			from Session s left join Seller r on r.id = s.userId and s.role = :sellerRole
			where s.tokenHash = :tokenHash""")
	Optional<RatingInSession> findOwnRatingInSession(String tokenHash, AccountRole sellerRole);

	/** The session with this token hash, and the rating of the seller with this ID. */
	@Query("""
			select new dev.marketplace.customer.account.RatingInSession(s.id, s.role, s.userId, s.lastSeenAt,
			       r.id, r.thumbsUp, r.thumbsDown, r.itemsSold)
			from Session s left join Seller r on r.id = :sellerId
			where s.tokenHash = :tokenHash""")
	Optional<RatingInSession> findRatingInSession(String tokenHash, long sellerId);

	@Modifying
	@Query(value = "UPDATE sellers SET items_sold = items_sold + :units WHERE id = :id", nativeQuery = true)
	int addItemsSold(long id, long units);

	@Modifying
	@Query(value = "UPDATE sellers SET thumbs_up = thumbs_up + 1 WHERE id = :id", nativeQuery = true)
	int addThumbUp(long id);

	@Modifying
	@Query(value = "UPDATE sellers SET thumbs_down = thumbs_down + 1 WHERE id = :id", nativeQuery = true)
	int addThumbDown(long id);

}
