package dev.marketplace.product.catalog;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface ItemRepository extends JpaRepository<Item, Long> {

	/** The item and its keywords in one query. */
	@Query("select i from Item i left join fetch i.keywords where i.id = :id")
	Optional<Item> findWithKeywords(long id);

}
