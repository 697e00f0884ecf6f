-- Purchases whose payment was approved but whose stock the product database could not confirm
-- then: every buyer-service tries again to confirm them until it can (or the reservation is gone).
-- Kept here rather than in one buyer-service's memory, so one that stops meanwhile loses none.
CREATE TABLE unconfirmed_payments (
    purchase_id CHAR(36)    NOT NULL,
    buyer_id    BIGINT      NOT NULL,
    kept_at     DATETIME(6) NOT NULL,
    PRIMARY KEY (purchase_id),
    INDEX ix_unconfirmed_payments_kept (kept_at, purchase_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
