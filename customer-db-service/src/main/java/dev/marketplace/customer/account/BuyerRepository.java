package dev.marketplace.customer.account;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface BuyerRepository extends JpaRepository<Buyer, Long> {

	Optional<Buyer> findByUsername(String username);

	@Modifying
	@Query("update Buyer b set b.itemsPurchased = b.itemsPurchased + :units where b.id = :id")
	int addItemsPurchased(long id, long units);

}
