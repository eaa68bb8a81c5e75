-- One attempt counter for every password-like check (decision 015). Login and the current-password
-- check of initPassword share scope 'login'; the safebox password has scope 'safebox'; the key is
-- the player's id. An attempt is counted in one statement before the password is verified, so a
-- burst of requests gets no more tries than the same requests one after another.

CREATE TABLE attempt_limit (
  scope        text NOT NULL,
  key          text NOT NULL,
  attempts     integer NOT NULL CHECK (attempts >= 0),
  window_start timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (scope, key)
);

-- Locks and counts that are running now carry over; the old per-table counters then go.
INSERT INTO attempt_limit (scope, key, attempts, window_start, locked_until)
SELECT 'login', id::text, failed_login_count, coalesce(failed_login_since, now()), locked_until
FROM app_user
WHERE failed_login_count > 0 OR locked_until > now();

INSERT INTO attempt_limit (scope, key, attempts, window_start, locked_until)
SELECT 'safebox', user_id::text, failed_count, coalesce(failed_since, now()), locked_until
FROM safebox_guard
WHERE failed_count > 0 OR locked_until > now();

DROP TABLE safebox_guard;

ALTER TABLE app_user
  DROP COLUMN failed_login_count,
  DROP COLUMN failed_login_since,
  DROP COLUMN locked_until;
