package dev.marketplace.customer.account;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

interface SellerRepository extends JpaRepository<Seller, Long> {

	Optional<Seller> findByUsername(String username);

}
