-- A reservation's buyer and confirmation time served only to record a paid purchase from the
-- stock; the customer database's checkouts do that now, so nothing reads them.
ALTER TABLE stock_reservations
    DROP COLUMN buyer_id,
    DROP COLUMN confirmed_at;
