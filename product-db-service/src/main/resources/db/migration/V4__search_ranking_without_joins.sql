-- Search ranks a keyword's rows by price without reading the items themselves: each keyword row
-- carries its item's price (kept equal by the one statement that changes prices), and the index
-- holds everything the ranking needs. Joining every matching row to items cost more than anything
-- else the database did under load once a category held thousands of items (docs/performance).
ALTER TABLE item_keywords ADD COLUMN price DECIMAL(10, 2) NULL;
UPDATE item_keywords k JOIN items i ON i.id = k.item_id SET k.price = i.price;
ALTER TABLE item_keywords MODIFY price DECIMAL(10, 2) NOT NULL;
CREATE INDEX ix_item_keywords_ranking ON item_keywords (keyword_key, category, item_id, price);
DROP INDEX ix_item_keywords_search ON item_keywords;
