package dev.marketplace.customer.account;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface BuyerRepository extends JpaRepository<Buyer, Long> {

	Optional<Buyer> findByUsername(String username);

	@Modifying
	@Query(value = "UPDATE buyers SET items_purchased = items_purchased + :units WHERE id = :id", nativeQuery = true)
	int addItemsPurchased(long id, long units);

}
