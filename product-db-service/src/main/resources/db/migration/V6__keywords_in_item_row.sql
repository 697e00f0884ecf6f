-- An item's keywords, as the seller wrote them and in that order, move into the item's own row,
-- joined by CHAR(31) (NewItem.KEYWORD_SEPARATOR; keywords hold no control characters). Keywords
-- never change after listing, so nothing has to keep two copies in step. Every read of items
-- gathered them from item_keywords with a correlated GROUP_CONCAT and a temporary table per
-- statement, which took about a third of MariaDB's time for those reads (docs/performance).
-- Search reads item_keyword_sets, not these.
ALTER TABLE items ADD COLUMN keywords VARCHAR(44) NOT NULL DEFAULT '';

UPDATE items i
JOIN (SELECT k.item_id, GROUP_CONCAT(k.keyword ORDER BY k.position SEPARATOR X'1F') AS keywords
      FROM item_keywords k
      GROUP BY k.item_id) written ON written.item_id = i.id
SET i.keywords = written.keywords;

DROP TABLE item_keywords;
