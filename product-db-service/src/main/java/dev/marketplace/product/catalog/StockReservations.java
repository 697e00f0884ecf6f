package dev.marketplace.product.catalog;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Stock held while a purchase is paid for. Reserving takes every line's units in one transaction
 * with conditional decrements, so it takes all or nothing and never drives a quantity below
 * zero. Every operation is idempotent by reservation ID. Reservations neither confirmed nor
 * released within the TTL are released by {@link #releaseExpired()}. A confirmed reservation is
 * a paid purchase: it stays CONFIRMED until its caller marks its purchase recorded in the
 * customer database (RECORDED), so a record that failed can be made later.
 */
@Service
class StockReservations {

	enum State {

		RESERVED, CONFIRMED, RECORDED, RELEASED

	}

	private static final Logger logger = LoggerFactory.getLogger(StockReservations.class);

	private final JdbcClient jdbc;

	private final ItemQueries queries;

	private final TransactionTemplate transactions;

	private final Clock clock;

	private final Duration ttl;

	StockReservations(JdbcClient jdbc, ItemQueries queries, TransactionTemplate transactions, Clock clock,
			@Value("${marketplace.stock.reservation-ttl:2m}") Duration ttl) {
		this.jdbc = jdbc;
		this.queries = queries;
		this.transactions = transactions;
		this.clock = clock;
		this.ttl = ttl;
	}

	@Transactional
	Reservation reserve(String reservationId, long buyerId, List<Request> lines) {
		check(reservationId, lines);
		if (!insertReservation(reservationId, buyerId)) {
			State state = lockedState(reservationId).orElseThrow();
			if (state != State.RELEASED) {
				return load(reservationId);
			}
			// A purchase retried after its reservation was released reserves again, under the same ID.
			this.jdbc.sql("DELETE FROM stock_reservation_lines WHERE reservation_id = ?").param(reservationId).update();
			setState(reservationId, State.RESERVED);
		}
		// In item order, so concurrent reservations of overlapping carts cannot deadlock.
		List<Request> ordered = lines.stream()
			.sorted(Comparator.comparingLong((Request line) -> ItemId.parse(line.itemId()).number()))
			.toList();
		for (Request line : ordered) {
			take(reservationId, line);
		}
		return load(reservationId);
	}

	/**
	 * Inserts first rather than looking first: a locking read of a missing row takes a gap lock,
	 * and two purchases doing that at once deadlock on their inserts.
	 * @return false if the reservation exists already
	 */
	private boolean insertReservation(String reservationId, long buyerId) {
		try {
			this.jdbc.sql("""
					INSERT INTO stock_reservations (id, state, created_at, expires_at, buyer_id)
					VALUES (?, ?, ?, ?, ?)""")
				.params(reservationId, State.RESERVED.name(), now(), expiry(), (buyerId == 0) ? null : buyerId)
				.update();
			return true;
		}
		catch (DuplicateKeyException ex) {
			return false;
		}
	}

	@Transactional
	Reservation release(String reservationId) {
		State state = lockedState(reservationId).orElseThrow(() -> unknown(reservationId));
		if (state == State.RESERVED) {
			putBack(reservationId);
		}
		return load(reservationId);
	}

	@Transactional
	Reservation confirm(String reservationId) {
		State state = lockedState(reservationId).orElseThrow(() -> unknown(reservationId));
		if (state == State.RELEASED) {
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
					"Reservation " + reservationId + " was released; its units are on sale again");
		}
		if (state == State.RESERVED) {
			this.jdbc.sql("UPDATE stock_reservations SET state = ?, expires_at = ?, confirmed_at = ? WHERE id = ?")
				.params(State.CONFIRMED.name(), expiry(), now(), reservationId)
				.update();
		}
		return load(reservationId);
	}

	@Transactional(readOnly = true)
	Reservation get(String reservationId) {
		this.jdbc.sql("SELECT state FROM stock_reservations WHERE id = ?")
			.param(reservationId)
			.query(String.class)
			.optional()
			.orElseThrow(() -> unknown(reservationId));
		return load(reservationId);
	}

	/**
	 * Paid purchases (confirmed reservations with a buyer) not marked recorded, confirmed before
	 * {@code minAge} ago, oldest first.
	 */
	@Transactional(readOnly = true)
	List<Unrecorded> unrecorded(Duration minAge, int limit) {
		if (minAge.isNegative() || limit < 1 || limit > CatalogService.MAX_BATCH) {
			throw MarketplaceException
				.invalidArgument("min age must be 0 or more and limit 1 to " + CatalogService.MAX_BATCH);
		}
		List<Paid> paid = this.jdbc.sql("""
				SELECT id, buyer_id, confirmed_at FROM stock_reservations
				WHERE state = 'CONFIRMED' AND buyer_id IS NOT NULL AND confirmed_at < ?
				ORDER BY confirmed_at, id LIMIT ?""")
			.params(LocalDateTime.ofInstant(this.clock.instant().minus(minAge), ZoneOffset.UTC), limit)
			.query((row, number) -> new Paid(row.getString("id"), row.getLong("buyer_id"),
					row.getObject("confirmed_at", LocalDateTime.class).toInstant(ZoneOffset.UTC)))
			.list();
		List<Reservation> reservations = load(paid.stream().map(Paid::reservationId).toList());
		return IntStream.range(0, paid.size())
			.mapToObj((index) -> new Unrecorded(paid.get(index), reservations.get(index)))
			.toList();
	}

	/** @return how many of the reservations were confirmed and are now recorded */
	@Transactional
	int markRecorded(List<String> reservationIds) {
		if (reservationIds.size() > CatalogService.MAX_BATCH) {
			throw MarketplaceException.invalidArgument("at most " + CatalogService.MAX_BATCH + " reservations at once");
		}
		if (reservationIds.isEmpty()) {
			return 0;
		}
		return this.jdbc.sql("UPDATE stock_reservations SET state = 'RECORDED' WHERE state = 'CONFIRMED' AND id IN (:ids)")
			.param("ids", reservationIds)
			.update();
	}

	/** Releases reservations held past their TTL, each in its own transaction. */
	@Scheduled(fixedDelayString = "${marketplace.stock.sweep-interval:15s}")
	void releaseExpired() {
		List<String> expired = this.jdbc
			.sql("SELECT id FROM stock_reservations WHERE state = 'RESERVED' AND expires_at < ? LIMIT 100")
			.param(now())
			.query(String.class)
			.list();
		for (String id : expired) {
			this.transactions.executeWithoutResult((status) -> {
				if (lockedState(id).orElse(null) == State.RESERVED) {
					putBack(id);
					logger.info("Released expired stock reservation {}", id);
				}
			});
		}
	}

	private void take(String reservationId, Request line) {
		ItemId id = ItemId.parse(line.itemId());
		Item item = this.queries.find(id.number())
			.filter((candidate) -> candidate.category() == id.category())
			.orElseThrow(() -> MarketplaceException.notFound(ErrorCode.ITEM_NOT_FOUND, "No item has ID " + id));
		BigDecimal price = item.price();
		int available = item.quantity();
		if (this.queries.removeUnitsIfAvailable(id.number(), line.quantity()) == 0) {
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
					"Only " + available + " units of " + id + " are available, not " + line.quantity());
		}
		this.jdbc.sql("""
				INSERT INTO stock_reservation_lines (reservation_id, item_id, quantity, unit_price)
				VALUES (?, ?, ?, ?)""").params(reservationId, id.number(), line.quantity(), price).update();
	}

	private void putBack(String reservationId) {
		this.jdbc.sql("""
				UPDATE items i JOIN stock_reservation_lines l ON l.item_id = i.id
				SET i.quantity = i.quantity + l.quantity
				WHERE l.reservation_id = ?""").param(reservationId).update();
		setState(reservationId, State.RELEASED);
	}

	private Reservation load(String reservationId) {
		return load(List.of(reservationId)).get(0);
	}

	/**
	 * Reservations with their lines and items, in the order given, in three statements however
	 * many there are (the unrecorded purchases come a hundred at a time).
	 */
	private List<Reservation> load(List<String> reservationIds) {
		if (reservationIds.isEmpty()) {
			return List.of();
		}
		Map<String, State> states = this.jdbc.sql("SELECT id, state FROM stock_reservations WHERE id IN (:ids)")
			.param("ids", reservationIds)
			.query((row, number) -> Map.entry(row.getString("id"), State.valueOf(row.getString("state"))))
			.list()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
		Map<String, List<Line>> lines = this.jdbc.sql("""
				SELECT reservation_id, item_id, quantity, unit_price FROM stock_reservation_lines
				WHERE reservation_id IN (:ids) ORDER BY reservation_id, item_id""")
			.param("ids", reservationIds)
			.query((row, number) -> new Line(row.getString("reservation_id"), row.getLong("item_id"),
					row.getInt("quantity"), row.getBigDecimal("unit_price")))
			.list()
			.stream()
			.collect(Collectors.groupingBy(Line::reservationId));
		Map<Long, Item> reserved = this.queries
			.findAll(lines.values().stream().flatMap(List::stream).map(Line::itemNumber).distinct().toList())
			.stream()
			.collect(Collectors.toMap(Item::number, Function.identity()));
		return reservationIds.stream().map((id) -> {
			State state = states.get(id);
			if (state == null) {
				throw new IllegalStateException("Reservation " + id + " does not exist");
			}
			return new Reservation(id, state, lines.getOrDefault(id, List.of())
				.stream()
				.map((line) -> new Reserved(reserved.get(line.itemNumber()), line.quantity(), line.unitPrice()))
				.toList());
		}).toList();
	}

	private Optional<State> lockedState(String reservationId) {
		return this.jdbc.sql("SELECT state FROM stock_reservations WHERE id = ? FOR UPDATE")
			.param(reservationId)
			.query(String.class)
			.optional()
			.map(State::valueOf);
	}

	private void setState(String reservationId, State state) {
		this.jdbc.sql("UPDATE stock_reservations SET state = ?, expires_at = ? WHERE id = ?")
			.params(state.name(), expiry(), reservationId)
			.update();
	}

	private LocalDateTime now() {
		return LocalDateTime.ofInstant(this.clock.instant(), ZoneOffset.UTC);
	}

	private LocalDateTime expiry() {
		return LocalDateTime.ofInstant(this.clock.instant().plus(this.ttl), ZoneOffset.UTC);
	}

	private static void check(String reservationId, List<Request> lines) {
		try {
			UUID.fromString(reservationId);
		}
		catch (IllegalArgumentException ex) {
			throw MarketplaceException.invalidArgument("reservation ID must be a UUID");
		}
		if (lines.isEmpty() || lines.size() > CatalogService.MAX_BATCH) {
			throw MarketplaceException.invalidArgument("a reservation has 1 to " + CatalogService.MAX_BATCH + " lines");
		}
		if (lines.stream().anyMatch((line) -> line.quantity() < 1)) {
			throw MarketplaceException.invalidArgument("every line needs a quantity of 1 or more");
		}
		if (lines.stream().map(Request::itemId).distinct().count() != lines.size()) {
			throw MarketplaceException.invalidArgument("each item at most once");
		}
	}

	private static MarketplaceException unknown(String reservationId) {
		return MarketplaceException.notFound(ErrorCode.ITEM_NOT_FOUND, "No reservation has ID " + reservationId);
	}

	/** Units of an item a purchase wants. */
	record Request(String itemId, int quantity) {
	}

	private record Line(String reservationId, long itemNumber, int quantity, BigDecimal unitPrice) {
	}

	/** An item held by a reservation: units and unit price as reserved. */
	record Reserved(Item item, int quantity, BigDecimal unitPrice) {
	}

	record Reservation(String id, State state, List<Reserved> lines) {
	}

	/** A confirmed reservation: whose purchase it is and when it was paid. */
	record Paid(String reservationId, long buyerId, Instant confirmedAt) {
	}

	/** A paid purchase whose record is not known to exist, with the lines it bought. */
	record Unrecorded(Paid paid, Reservation reservation) {
	}

}
