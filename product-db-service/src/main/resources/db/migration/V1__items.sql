-- Items for sale, their keywords, stock and feedback.
-- An item's ID as clients see it is "<category>-<id>".

CREATE TABLE items (
    id             BIGINT        NOT NULL AUTO_INCREMENT,
    category       INT           NOT NULL,
    name           VARCHAR(32)   NOT NULL,
    item_condition VARCHAR(4)    NOT NULL,
    price          DECIMAL(10, 2) NOT NULL,
    quantity       INT           NOT NULL,
    seller_id      BIGINT        NOT NULL,
    thumbs_up      INT           NOT NULL DEFAULT 0,
    thumbs_down    INT           NOT NULL DEFAULT 0,
    created_at     DATETIME(6)   NOT NULL,
    PRIMARY KEY (id),
    CONSTRAINT ck_items_quantity CHECK (quantity >= 0),
    CONSTRAINT ck_items_price CHECK (price > 0),
    -- a seller's own listing
    INDEX ix_items_seller (seller_id, id),
    -- search without keywords: a category's items in stock, by ID
    INDEX ix_items_category (category, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- keyword is as the seller wrote it; keyword_key is its lower-case form, which searches match.
CREATE TABLE item_keywords (
    item_id     BIGINT     NOT NULL,
    position    INT        NOT NULL,
    keyword     VARCHAR(8) NOT NULL,
    keyword_key VARCHAR(8) NOT NULL,
    PRIMARY KEY (item_id, position),
    CONSTRAINT fk_item_keywords_item FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE,
    INDEX ix_item_keywords_key (keyword_key, item_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
