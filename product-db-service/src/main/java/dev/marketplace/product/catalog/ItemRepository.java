package dev.marketplace.product.catalog;

import org.springframework.data.jpa.repository.JpaRepository;

/** Persists new listings; everything else is SQL in {@link ItemQueries}. */
interface ItemRepository extends JpaRepository<ItemEntity, Long> {

}
