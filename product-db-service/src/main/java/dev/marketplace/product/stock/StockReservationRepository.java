package dev.marketplace.product.stock;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.persistence.LockModeType;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface StockReservationRepository extends JpaRepository<StockReservation, String> {

	/**
	 * Inserts the reservation unless it exists: inserting first, rather than looking first, lets
	 * two requests for one purchase meet on the row's key instead of both inserting.
	 * @return 1 if inserted now, 0 if it existed
	 */
	@Modifying
	@Query(value = """
			INSERT IGNORE INTO stock_reservations (id, state, created_at, expires_at)
			VALUES (:id, 'RESERVED', :now, :expiresAt)""", nativeQuery = true)
	int insertIfAbsent(String id, Instant now, Instant expiresAt);

	@Lock(LockModeType.PESSIMISTIC_WRITE)
	@Query("select r from StockReservation r where r.id = :id")
	Optional<StockReservation> findForUpdate(String id);

	@Query("""
			select r.id from StockReservation r where r.state = :state and r.expiresAt < :now
			order by r.expiresAt limit :limit""")
	List<String> findExpired(StockReservation.State state, Instant now, int limit);

}
