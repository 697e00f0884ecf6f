package dev.marketplace.product.stock;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.marketplace.grpc.MarketplaceException;
import dev.marketplace.product.item.Item;
import dev.marketplace.product.item.ItemCatalog;
import dev.marketplace.product.item.ItemId;
import dev.marketplace.proto.common.v1.ErrorCode;
import io.grpc.Status;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Stock held while a purchase is paid for. Reserving takes every line's units in one transaction
 * with conditional decrements, so it takes all or nothing and never drives a quantity below
 * zero. Every operation is idempotent by reservation ID. Reservations neither confirmed nor
 * released within the TTL are released by {@link #releaseExpired()}. Confirming and releasing
 * are the purchase's point of no return: whichever locks the reservation first decides, and the
 * other then sees it (a release answers CONFIRMED; a confirm fails), so a purchase is either sold
 * or undone, never both.
 */
@Service
class StockReservations {

	private static final Logger logger = LoggerFactory.getLogger(StockReservations.class);

	private static final int SWEEP_BATCH = 100;

	private final StockReservationRepository reservations;

	private final ItemCatalog catalog;

	private final TransactionTemplate transactions;

	private final Clock clock;

	private final Duration ttl;

	StockReservations(StockReservationRepository reservations, ItemCatalog catalog, TransactionTemplate transactions,
			Clock clock, StockProperties properties) {
		this.reservations = reservations;
		this.catalog = catalog;
		this.transactions = transactions;
		this.clock = clock;
		this.ttl = properties.reservationTtl();
	}

	@Transactional
	Reservation reserve(String reservationId, List<Request> lines) {
		check(reservationId, lines);
		boolean inserted = this.reservations.insertIfAbsent(reservationId, this.clock.instant(), expiry()) == 1;
		StockReservation reservation = locked(reservationId);
		if (!inserted) {
			if (reservation.state() != StockReservation.State.RELEASED) {
				return view(reservation);
			}
			reservation.reserveAgain(expiry());
		}
		// In item order, so concurrent reservations of overlapping carts cannot deadlock.
		List<Request> ordered = lines.stream()
			.sorted(Comparator.comparingLong((Request line) -> ItemId.parse(line.itemId()).number()))
			.toList();
		for (Request line : ordered) {
			Item item = this.catalog.take(ItemId.parse(line.itemId()), line.quantity());
			reservation.hold(item.number(), line.quantity(), item.price());
		}
		return view(reservation);
	}

	@Transactional
	Reservation release(String reservationId) {
		StockReservation reservation = locked(reservationId);
		if (reservation.state() == StockReservation.State.RESERVED) {
			putBack(reservation);
		}
		return view(reservation);
	}

	@Transactional
	Reservation confirm(String reservationId) {
		StockReservation reservation = locked(reservationId);
		if (reservation.state() == StockReservation.State.RELEASED) {
			throw new MarketplaceException(Status.Code.FAILED_PRECONDITION, ErrorCode.INSUFFICIENT_QUANTITY,
					"Reservation " + reservationId + " was released; its units are on sale again");
		}
		if (reservation.state() == StockReservation.State.RESERVED) {
			reservation.confirm(expiry());
			logger.info("Confirmed stock reservation {}: its units are sold", reservationId);
		}
		return view(reservation);
	}

	@Transactional(readOnly = true)
	Reservation get(String reservationId) {
		return view(this.reservations.findById(reservationId).orElseThrow(() -> unknown(reservationId)));
	}

	/** Releases reservations held past their TTL, each in its own transaction. */
	@Scheduled(fixedDelayString = "${marketplace.stock.sweep-interval}")
	void releaseExpired() {
		List<String> expired = this.reservations.findExpired(StockReservation.State.RESERVED, this.clock.instant(),
				SWEEP_BATCH);
		for (String id : expired) {
			this.transactions.executeWithoutResult((status) -> {
				StockReservation reservation = locked(id);
				if (reservation.state() == StockReservation.State.RESERVED) {
					putBack(reservation);
					logger.info("Released expired stock reservation {}", id);
				}
			});
		}
	}

	private void putBack(StockReservation reservation) {
		// In item order, as reserve takes them, so a release and a reservation cannot deadlock.
		reservation.lines()
			.stream()
			.sorted(Comparator.comparingLong(StockReservation.Line::itemNumber))
			.forEach((line) -> this.catalog.putBack(line.itemNumber(), line.quantity()));
		reservation.release(expiry());
	}

	private StockReservation locked(String reservationId) {
		return this.reservations.findForUpdate(reservationId).orElseThrow(() -> unknown(reservationId));
	}

	private Reservation view(StockReservation reservation) {
		return view(reservation, items(List.of(reservation)));
	}

	private static Reservation view(StockReservation reservation, Map<Long, Item> items) {
		return new Reservation(reservation.id(), reservation.state(), reservation.lines()
			.stream()
			.sorted(Comparator.comparingLong(StockReservation.Line::itemNumber))
			.map((line) -> new Reserved(items.get(line.itemNumber()), line.quantity(), line.unitPrice()))
			.toList());
	}

	/** The items the reservations hold, in one statement however many there are. */
	private Map<Long, Item> items(List<StockReservation> reservations) {
		List<Long> numbers = reservations.stream()
			.flatMap((reservation) -> reservation.lines().stream())
			.map(StockReservation.Line::itemNumber)
			.distinct()
			.toList();
		return this.catalog.findAll(numbers).stream().collect(Collectors.toMap(Item::number, Function.identity()));
	}

	private Instant expiry() {
		return this.clock.instant().plus(this.ttl);
	}

	private static void check(String reservationId, List<Request> lines) {
		try {
			UUID.fromString(reservationId);
		}
		catch (IllegalArgumentException ex) {
			throw MarketplaceException.invalidArgument("reservation ID must be a UUID");
		}
		if (lines.isEmpty() || lines.size() > ItemCatalog.MAX_BATCH) {
			throw MarketplaceException.invalidArgument("a reservation has 1 to " + ItemCatalog.MAX_BATCH + " lines");
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

	/** An item held by a reservation: units and unit price as reserved. */
	record Reserved(Item item, int quantity, BigDecimal unitPrice) {
	}

	record Reservation(String id, StockReservation.State state, List<Reserved> lines) {
	}

}
