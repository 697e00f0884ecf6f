-- A purchase paid for and sold whose record in the customer database failed is recorded later from
-- its reservation (buyer-service's reconciler), so a reservation keeps its buyer and when it was
-- confirmed; one whose purchase is known to be recorded moves on to RECORDED.
ALTER TABLE stock_reservations
    ADD COLUMN buyer_id     BIGINT      NULL,
    ADD COLUMN confirmed_at DATETIME(6) NULL;

-- Confirmed before this migration: their buyer is unknown and their purchases were recorded when
-- they were made (a record that failed then cannot be rebuilt).
UPDATE stock_reservations SET state = 'RECORDED' WHERE state = 'CONFIRMED';
