-- Purchases sent with an Idempotency-Key: the first request claims the key and runs the purchase
-- under purchase_id; its answer is stored so every repeat gets the same status and body. A claim
-- not finished within a short time (its buyer-service died) can be taken over by a repeat.
CREATE TABLE purchase_attempts (
    buyer_id        BIGINT      NOT NULL,
    idempotency_key VARCHAR(64) NOT NULL,
    fingerprint     CHAR(64)    NOT NULL,
    purchase_id     CHAR(36)    NOT NULL,
    state           VARCHAR(11) NOT NULL,
    claimed_at      DATETIME(6) NOT NULL,
    status_code     INT         NULL,
    response_body   TEXT        NULL,
    created_at      DATETIME(6) NOT NULL,
    PRIMARY KEY (buyer_id, idempotency_key)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
