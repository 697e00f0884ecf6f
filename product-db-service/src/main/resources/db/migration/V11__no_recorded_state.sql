-- Whether a paid purchase is recorded is the customer database's checkout to know, not the stock's:
-- a confirmed reservation is CONFIRMED, whoever has recorded its purchase.
UPDATE stock_reservations SET state = 'CONFIRMED' WHERE state = 'RECORDED';
