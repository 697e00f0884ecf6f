-- Each buyer session's cart: dropped with its session (logout, idle expiry) by the cascade.
CREATE TABLE cart_lines (
    session_id BIGINT      NOT NULL,
    item_id    VARCHAR(30) NOT NULL,
    quantity   INT         NOT NULL,
    added_at   DATETIME(6) NOT NULL,
    PRIMARY KEY (session_id, item_id),
    CONSTRAINT fk_cart_lines_session FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE,
    CONSTRAINT ck_cart_lines_quantity CHECK (quantity > 0)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Each buyer's saved cart: copied into the cart of every new session.
CREATE TABLE saved_cart_lines (
    buyer_id BIGINT      NOT NULL,
    item_id  VARCHAR(30) NOT NULL,
    quantity INT         NOT NULL,
    added_at DATETIME(6) NOT NULL,
    PRIMARY KEY (buyer_id, item_id),
    CONSTRAINT fk_saved_cart_lines_buyer FOREIGN KEY (buyer_id) REFERENCES buyers (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Completed purchases; the ID is chosen by the caller, so recording twice records once.
CREATE TABLE purchases (
    id           CHAR(36)       NOT NULL,
    buyer_id     BIGINT         NOT NULL,
    purchased_at DATETIME(6)    NOT NULL,
    total        DECIMAL(12, 2) NOT NULL,
    PRIMARY KEY (id),
    CONSTRAINT fk_purchases_buyer FOREIGN KEY (buyer_id) REFERENCES buyers (id),
    -- a buyer's history, newest first
    INDEX ix_purchases_buyer (buyer_id, purchased_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE purchase_lines (
    purchase_id CHAR(36)       NOT NULL,
    item_id     VARCHAR(30)    NOT NULL,
    quantity    INT            NOT NULL,
    unit_price  DECIMAL(10, 2) NOT NULL,
    seller_id   BIGINT         NOT NULL,
    PRIMARY KEY (purchase_id, item_id),
    CONSTRAINT fk_purchase_lines_purchase FOREIGN KEY (purchase_id) REFERENCES purchases (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- One vote per buyer per item, allowed only for bought items.
CREATE TABLE feedback_votes (
    buyer_id   BIGINT      NOT NULL,
    item_id    VARCHAR(30) NOT NULL,
    seller_id  BIGINT      NOT NULL,
    thumbs_up  BOOLEAN     NOT NULL,
    created_at DATETIME(6) NOT NULL,
    PRIMARY KEY (buyer_id, item_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
