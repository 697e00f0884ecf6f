-- Stock held for purchases being paid for. RESERVED holds units; CONFIRMED sold them; RELEASED put
-- them back. A RESERVED row past expires_at is released by the service (a buyer-service that
-- crashed mid-purchase leaves nothing held for ever).
CREATE TABLE stock_reservations (
    id         CHAR(36)    NOT NULL,
    state      VARCHAR(9)  NOT NULL,
    created_at DATETIME(6) NOT NULL,
    expires_at DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    INDEX ix_stock_reservations_expiry (state, expires_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- The units of each item a reservation holds, with the price and seller at reservation time.
CREATE TABLE stock_reservation_lines (
    reservation_id CHAR(36)       NOT NULL,
    item_id        BIGINT         NOT NULL,
    quantity       INT            NOT NULL,
    unit_price     DECIMAL(10, 2) NOT NULL,
    PRIMARY KEY (reservation_id, item_id),
    CONSTRAINT fk_reservation_lines_reservation FOREIGN KEY (reservation_id) REFERENCES stock_reservations (id) ON DELETE CASCADE,
    CONSTRAINT fk_reservation_lines_item FOREIGN KEY (item_id) REFERENCES items (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
