package dev.marketplace.product.catalog;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface ItemRepository extends JpaRepository<Item, Long> {

	/** The item and its keywords in one query. */
	@Query("select i from Item i left join fetch i.keywords where i.id = :id")
	Optional<Item> findWithKeywords(long id);

	/** Items and their keywords in one query, in no particular order. */
	@Query("select distinct i from Item i left join fetch i.keywords where i.id in :ids")
	List<Item> findAllWithKeywords(Collection<Long> ids);

	/**
	 * Takes units off sale only if that many are there: one atomic statement, so concurrent
	 * removals can never drive the quantity below zero.
	 * @return 1 if the units were removed, 0 otherwise
	 */
	@Modifying(flushAutomatically = true, clearAutomatically = true)
	@Query("update Item i set i.quantity = i.quantity - :units where i.id = :id and i.quantity >= :units")
	int removeUnitsIfAvailable(long id, int units);

	@Modifying(flushAutomatically = true, clearAutomatically = true)
	@Query("update Item i set i.thumbsUp = i.thumbsUp + 1 where i.id = :id")
	void addThumbUp(long id);

	@Modifying(flushAutomatically = true, clearAutomatically = true)
	@Query("update Item i set i.thumbsDown = i.thumbsDown + 1 where i.id = :id")
	void addThumbDown(long id);

}
