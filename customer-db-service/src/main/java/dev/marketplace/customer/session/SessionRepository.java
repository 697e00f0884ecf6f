package dev.marketplace.customer.session;

import java.time.Instant;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.transaction.annotation.Transactional;

interface SessionRepository extends JpaRepository<Session, Long> {

	@Transactional
	@Modifying
	@Query("delete from Session s where s.lastSeenAt < :cutoff")
	int deleteIdleSince(Instant cutoff);

}
