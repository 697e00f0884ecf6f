-- Search reads a page's worth of rows per keyword set instead of every matching row: each item is
-- stored under every non-empty set of its keywords (KeywordSets), in price order. Ranking all
-- matches grew with the catalogue and was the database's largest cost under load (docs/performance).
-- A set's keywords are lower-case, distinct, in binary (code point) order, joined by CHAR(31).
CREATE TABLE item_keyword_sets (
    item_id     BIGINT         NOT NULL,
    keyword_set VARCHAR(44)    CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    category    INT            NOT NULL,
    price       DECIMAL(10, 2) NOT NULL,
    PRIMARY KEY (item_id, keyword_set),
    CONSTRAINT fk_item_keyword_sets_item FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE,
    INDEX ix_item_keyword_sets_ranking (keyword_set, category, price, item_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- The sets of the items listed so far, by size (an item has at most five keywords).
INSERT INTO item_keyword_sets (item_id, keyword_set, category, price)
SELECT i.id, k1.keyword_key, i.category, i.price
FROM items i
JOIN item_keywords k1 ON k1.item_id = i.id;

INSERT INTO item_keyword_sets (item_id, keyword_set, category, price)
SELECT i.id, CONCAT_WS(CHAR(31), k1.keyword_key, k2.keyword_key), i.category, i.price
FROM items i
JOIN item_keywords k1 ON k1.item_id = i.id
JOIN item_keywords k2 ON k2.item_id = i.id AND BINARY k2.keyword_key > BINARY k1.keyword_key;

INSERT INTO item_keyword_sets (item_id, keyword_set, category, price)
SELECT i.id, CONCAT_WS(CHAR(31), k1.keyword_key, k2.keyword_key, k3.keyword_key), i.category, i.price
FROM items i
JOIN item_keywords k1 ON k1.item_id = i.id
JOIN item_keywords k2 ON k2.item_id = i.id AND BINARY k2.keyword_key > BINARY k1.keyword_key
JOIN item_keywords k3 ON k3.item_id = i.id AND BINARY k3.keyword_key > BINARY k2.keyword_key;

INSERT INTO item_keyword_sets (item_id, keyword_set, category, price)
SELECT i.id, CONCAT_WS(CHAR(31), k1.keyword_key, k2.keyword_key, k3.keyword_key, k4.keyword_key), i.category,
       i.price
FROM items i
JOIN item_keywords k1 ON k1.item_id = i.id
JOIN item_keywords k2 ON k2.item_id = i.id AND BINARY k2.keyword_key > BINARY k1.keyword_key
JOIN item_keywords k3 ON k3.item_id = i.id AND BINARY k3.keyword_key > BINARY k2.keyword_key
JOIN item_keywords k4 ON k4.item_id = i.id AND BINARY k4.keyword_key > BINARY k3.keyword_key;

INSERT INTO item_keyword_sets (item_id, keyword_set, category, price)
SELECT i.id, CONCAT_WS(CHAR(31), k1.keyword_key, k2.keyword_key, k3.keyword_key, k4.keyword_key, k5.keyword_key),
       i.category, i.price
FROM items i
JOIN item_keywords k1 ON k1.item_id = i.id
JOIN item_keywords k2 ON k2.item_id = i.id AND BINARY k2.keyword_key > BINARY k1.keyword_key
JOIN item_keywords k3 ON k3.item_id = i.id AND BINARY k3.keyword_key > BINARY k2.keyword_key
JOIN item_keywords k4 ON k4.item_id = i.id AND BINARY k4.keyword_key > BINARY k3.keyword_key
JOIN item_keywords k5 ON k5.item_id = i.id AND BINARY k5.keyword_key > BINARY k4.keyword_key;

-- item_keywords now only says how the seller wrote the keywords; search no longer reads it.
DROP INDEX ix_item_keywords_ranking ON item_keywords;
ALTER TABLE item_keywords DROP COLUMN price, DROP COLUMN category;
