-- Every MakePurchase runs as a checkout, written before its first step: a buyer-service that fails
-- or stops half-way leaves a RUNNING checkout whose lease runs out, and another one finishes or
-- undoes it from where its stock reservation stands. A refused checkout keeps its answer for every
-- repeat of its Idempotency-Key. Replaces purchase_attempts (keyed purchases only, which stored
-- HTTP answers) and unconfirmed_payments.
CREATE TABLE checkouts (
    purchase_id     CHAR(36)      NOT NULL,
    buyer_id        BIGINT        NOT NULL,
    idempotency_key VARCHAR(64)   NULL,
    fingerprint     CHAR(64)      NULL,
    state           VARCHAR(9)    NOT NULL,
    leased_until    DATETIME(6)   NOT NULL,
    refusal_code    VARCHAR(32)   NULL,
    refusal_detail  VARCHAR(1000) NULL,
    created_at      DATETIME(6)   NOT NULL,
    PRIMARY KEY (purchase_id),
    UNIQUE KEY uq_checkouts_idempotency_key (buyer_id, idempotency_key),
    INDEX ix_checkouts_stalled (state, leased_until)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Keyed purchases: a stored 201 is a completed checkout, a stored 4xx a refused one (its problem's
-- code and detail); one never finished is running with its lease run out.
INSERT INTO checkouts (purchase_id, buyer_id, idempotency_key, fingerprint, state, leased_until, refusal_code,
                       refusal_detail, created_at)
SELECT purchase_id, buyer_id, idempotency_key, fingerprint,
       CASE WHEN state <> 'COMPLETED' THEN 'RUNNING' WHEN status_code < 400 THEN 'COMPLETED' ELSE 'REFUSED' END,
       claimed_at,
       CASE WHEN state = 'COMPLETED' AND status_code >= 400
            THEN LEFT(JSON_UNQUOTE(JSON_EXTRACT(response_body, '$.code')), 32) END,
       CASE WHEN state = 'COMPLETED' AND status_code >= 400
            THEN LEFT(JSON_UNQUOTE(JSON_EXTRACT(response_body, '$.detail')), 1000) END,
       created_at
FROM purchase_attempts;

-- Paid purchases whose stock was not confirmed yet: running, their lease run out.
INSERT IGNORE INTO checkouts (purchase_id, buyer_id, state, leased_until, created_at)
SELECT purchase_id, buyer_id, 'RUNNING', kept_at, kept_at FROM unconfirmed_payments;

DROP TABLE purchase_attempts;
DROP TABLE unconfirmed_payments;
