-- Logins and sign-ups counted per username and per client address: Bucket4j's token buckets
-- (AttemptLimits), kept here so every frontend and customer-db-service replica shares them.
-- The ID is the SHA-256 of the bucket's key, so no username typed at a login is kept as text.
CREATE TABLE attempt_limits (
  id         CHAR(64) NOT NULL PRIMARY KEY,
  state      BLOB,
  expires_at BIGINT,
  KEY attempt_limits_expiry (expires_at)
) ENGINE = InnoDB;
