package dev.marketplace.customer.account;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

interface BuyerRepository extends JpaRepository<Buyer, Long> {

	Optional<Buyer> findByUsername(String username);

}
