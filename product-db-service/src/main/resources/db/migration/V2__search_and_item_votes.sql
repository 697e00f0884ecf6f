-- Search: a keyword's rows of one category are found through one index range. An item's category
-- never changes, so keeping a copy of it beside each keyword is safe.
ALTER TABLE item_keywords ADD COLUMN category INT NULL;
UPDATE item_keywords k JOIN items i ON i.id = k.item_id SET k.category = i.category;
ALTER TABLE item_keywords MODIFY category INT NOT NULL;
CREATE INDEX ix_item_keywords_search ON item_keywords (keyword_key, category, item_id);
DROP INDEX ix_item_keywords_key ON item_keywords;

-- One vote per buyer per item; the customer database decides whether the buyer may vote, this
-- table makes counting the vote on the item idempotent.
CREATE TABLE item_votes (
    item_id    BIGINT      NOT NULL,
    buyer_id   BIGINT      NOT NULL,
    thumbs_up  BOOLEAN     NOT NULL,
    created_at DATETIME(6) NOT NULL,
    PRIMARY KEY (item_id, buyer_id),
    CONSTRAINT fk_item_votes_item FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
