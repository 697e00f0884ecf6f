-- A purchase's total is any sum of cart lines (up to 1,000,000 units at up to 99,999,999.99 each,
-- any number of lines), computed as whole cents in a long: DECIMAL(12, 2) refused totals from
-- 10,000,000,000.00 on, after the payment was approved. DECIMAL(19, 2) holds every long of cents.
ALTER TABLE purchases MODIFY total DECIMAL(19, 2) NOT NULL;
