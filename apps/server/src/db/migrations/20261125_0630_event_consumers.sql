-- The event runner (docs/decisions/022-event-runner.md). Event ids are taken before commit, so id
-- order is not the order in which events become visible; each event now records the transaction
-- that wrote it, and consumers read in (txid, id) order, only below the oldest transaction still
-- running (pg_snapshot_xmin), where that order can no longer change.
--
-- Both ALTERs are catalogue-only (no table rewrite): the column is added with a constant default,
-- so the events written before this migration read as transaction 0 (all committed, read first,
-- in id order); only then does the default become the writing transaction's id, written for free
-- by every INSERT (SQL functions included), 8 bytes a row. A bigint, not an xid8: PostgreSQL 15
-- has no BRIN operator class for xid8, and a full transaction id (epoch and xid) fits in 63 bits.
ALTER TABLE domain_event ADD COLUMN txid bigint NOT NULL DEFAULT 0;
ALTER TABLE domain_event ALTER COLUMN txid SET DEFAULT pg_current_xact_id()::text::bigint;
-- BRIN, not a B-tree: txid follows the table's physical order (append-only), so a block range's
-- summary finds a consumer's next events, and an insert into a range not yet summarised (the
-- table's end, where every insert goes) costs nothing; autovacuum summarises ranges once full.
CREATE INDEX domain_event_txid_brin ON domain_event USING brin (txid) WITH (autosummarize = on);

-- One row per consumer: the last event it applied, moved in the same transaction as the effects
-- of the events it read. failures / last_error / retry_at describe a batch that keeps failing
-- (retried with capped exponential backoff) for the lag report.
CREATE TABLE event_consumer (
  name        text PRIMARY KEY,
  last_txid   bigint NOT NULL DEFAULT 0,
  last_id     bigint NOT NULL DEFAULT 0,
  applied     bigint NOT NULL DEFAULT 0,
  failures    integer NOT NULL DEFAULT 0,
  last_error  text,
  retry_at    timestamptz,
  updated_at  timestamptz NOT NULL
);
