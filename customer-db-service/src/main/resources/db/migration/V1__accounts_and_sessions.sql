-- Seller and buyer accounts, and the sessions opened on them.
-- Usernames are unique per role; only salted BCrypt hashes of passwords are stored.

CREATE TABLE sellers (
    id            BIGINT      NOT NULL AUTO_INCREMENT,
    username      VARCHAR(32) NOT NULL,
    password_hash VARCHAR(100) NOT NULL,
    name          VARCHAR(32) NOT NULL,
    thumbs_up     INT         NOT NULL DEFAULT 0,
    thumbs_down   INT         NOT NULL DEFAULT 0,
    items_sold    INT         NOT NULL DEFAULT 0,
    created_at    DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    CONSTRAINT uk_sellers_username UNIQUE (username)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE buyers (
    id              BIGINT      NOT NULL AUTO_INCREMENT,
    username        VARCHAR(32) NOT NULL,
    password_hash   VARCHAR(100) NOT NULL,
    name            VARCHAR(32) NOT NULL,
    items_purchased INT         NOT NULL DEFAULT 0,
    created_at      DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    CONSTRAINT uk_buyers_username UNIQUE (username)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- token_hash is the SHA-256 (hex) of the bearer token; every request looks a session up by it.
CREATE TABLE sessions (
    id           BIGINT      NOT NULL AUTO_INCREMENT,
    token_hash   CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    role         VARCHAR(6)  NOT NULL,
    user_id      BIGINT      NOT NULL,
    created_at   DATETIME(6) NOT NULL,
    last_seen_at DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    CONSTRAINT uk_sessions_token_hash UNIQUE (token_hash),
    INDEX ix_sessions_user (role, user_id),
    INDEX ix_sessions_last_seen (last_seen_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
