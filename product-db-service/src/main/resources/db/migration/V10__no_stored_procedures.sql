-- Listing an item, changing its price and taking units off sale are the service's Java code
-- (Spring Data JPA), not stored procedures. The migrations that created the procedures were
-- removed; a database that ran them drops them here, and spring.flyway.ignore-migration-patterns
-- lets it validate without their scripts.
DROP PROCEDURE IF EXISTS register_item;
DROP PROCEDURE IF EXISTS change_item_price;
DROP PROCEDURE IF EXISTS remove_item_units;
