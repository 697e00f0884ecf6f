package dev.marketplace.customer.session;

import java.time.Instant;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.transaction.annotation.Transactional;

/**
 * The session check every request makes: one indexed read, and now and then a write of the
 * session's activity, each a statement of its own without a transaction's round trips around it.
 */
interface SessionRepository extends JpaRepository<Session, Long> {

	@Query("""
			select new dev.marketplace.customer.session.SessionRecord(s.id, s.role, s.userId, s.lastSeenAt)
			from Session s where s.tokenHash = :tokenHash""")
	Optional<SessionRecord> findRecord(String tokenHash);

	/** Records activity at {@code now}; a later activity already recorded wins. */
	@Modifying
	@Query(value = "UPDATE sessions SET last_seen_at = :now WHERE id = :id AND last_seen_at < :now", nativeQuery = true)
	int recordActivity(long id, Instant now);

	/** Ends the session; its cart goes with it (the cart's foreign key cascades). */
	@Modifying
	@Query(value = "DELETE FROM sessions WHERE id = :id", nativeQuery = true)
	int deleteSession(long id);

	@Transactional
	@Modifying
	@Query(value = "DELETE FROM sessions WHERE last_seen_at < :cutoff", nativeQuery = true)
	int deleteIdleSince(Instant cutoff);

}
