-- The payment ledger: one row per transaction ID, from its authorisation (or refusal) to its
-- capture or void. A void of an unknown transaction leaves a VOIDED row with no amount, so an
-- authorisation of that ID arriving late is declined.
CREATE TABLE payments (
    transaction_id     VARCHAR(64)    NOT NULL,
    state              VARCHAR(10)    NOT NULL,
    amount             DECIMAL(19, 2) NULL,
    card_last_digits   CHAR(4)        NULL,
    authorization_code VARCHAR(16)    NULL,
    created_at         DATETIME(6)    NOT NULL,
    updated_at         DATETIME(6)    NOT NULL,
    PRIMARY KEY (transaction_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
