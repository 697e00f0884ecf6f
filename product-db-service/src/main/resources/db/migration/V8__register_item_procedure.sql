-- RegisterItemForSale in one round trip: the item's row and its keyword sets (KeywordSets, a JSON
-- array of strings) in one transaction on the server. From JDBC it took five (SET autocommit=0,
-- two INSERTs, COMMIT, SET autocommit=1), and each round trip costs the server about as much CPU
-- as a read by primary key (docs/performance/ANALYSIS.md, thirty-fourth round).
DELIMITER //
CREATE PROCEDURE register_item(
    IN new_category INT,
    IN new_name VARCHAR(32),
    IN new_condition VARCHAR(4),
    IN new_price DECIMAL(10, 2),
    IN new_quantity INT,
    IN new_seller_id BIGINT,
    IN new_created_at DATETIME(6),
    IN new_keywords VARCHAR(44),
    IN new_keyword_sets JSON)
BEGIN
    DECLARE new_item_id BIGINT;
    DECLARE EXIT HANDLER FOR SQLEXCEPTION
    BEGIN
        ROLLBACK;
        RESIGNAL;
    END;
    START TRANSACTION;
    INSERT INTO items (category, name, item_condition, price, quantity, seller_id, created_at, keywords)
    VALUES (new_category, new_name, new_condition, new_price, new_quantity, new_seller_id, new_created_at,
            new_keywords);
    SET new_item_id = LAST_INSERT_ID();
    INSERT INTO item_keyword_sets (item_id, keyword_set, category, price)
    SELECT new_item_id, sets.keyword_set, new_category, new_price
    FROM JSON_TABLE(new_keyword_sets, '$[*]' COLUMNS (keyword_set VARCHAR(44) PATH '$')) sets;
    COMMIT;
    SELECT new_item_id AS id;
END //
DELIMITER ;
