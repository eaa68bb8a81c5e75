-- Safebox: wrong-password tracking per player (the password hash itself is app_user.safebox_password_hash).
-- A row exists only once a player has typed a wrong safebox password.

CREATE TABLE safebox_guard (
  user_id      bigint PRIMARY KEY REFERENCES app_user (id),
  failed_count integer NOT NULL DEFAULT 0 CHECK (failed_count >= 0),
  failed_since timestamptz,
  locked_until timestamptz
);
