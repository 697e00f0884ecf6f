-- ChangeItemPrice and UpdateUnitsForSale in one round trip each: the conditional update and the
-- item read back in one call, as two round trips cost the server about as much CPU as the two
-- statements themselves (docs/performance/ANALYSIS.md, thirty-fourth round). The service decides,
-- from the row, why a change did not apply. The item's columns are ItemQueries' SELECT_ITEMS.
DELIMITER //
CREATE PROCEDURE change_item_price(
    IN target_id BIGINT,
    IN target_category INT,
    IN seller BIGINT,
    IN new_price DECIMAL(10, 2))
BEGIN
    -- The item and its keyword sets in one statement, so search ranks by the price readers see.
    UPDATE items i LEFT JOIN item_keyword_sets s ON s.item_id = i.id
    SET i.price = new_price, s.price = new_price
    WHERE i.id = target_id AND i.category = target_category AND i.seller_id = seller;
    SELECT i.id, i.category, i.name, i.item_condition, i.price, i.quantity, i.seller_id, i.thumbs_up,
           i.thumbs_down, i.keywords
    FROM items i
    WHERE i.id = target_id;
END //

CREATE PROCEDURE remove_item_units(
    IN target_id BIGINT,
    IN target_category INT,
    IN seller BIGINT,
    IN units INT)
BEGIN
    DECLARE removed INT;
    -- Only if that many are there, in one statement: concurrent removals never go below zero.
    UPDATE items SET quantity = quantity - units
    WHERE id = target_id AND category = target_category AND seller_id = seller AND quantity >= units;
    SET removed = ROW_COUNT();
    SELECT removed > 0 AS removed, i.id, i.category, i.name, i.item_condition, i.price, i.quantity, i.seller_id,
           i.thumbs_up, i.thumbs_down, i.keywords
    FROM items i
    WHERE i.id = target_id;
END //
DELIMITER ;
