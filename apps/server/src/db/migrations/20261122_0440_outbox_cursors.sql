-- The outbox is read by cursor, one per consumer (docs/decisions/013-outbox-cursors.md): several
-- reward rules (VIP, rebate, tasks, points, jackpot, agent commission) read the same events, so
-- one processed_at per event cannot say who has read it, and its partial index cost an index
-- entry on every event written (two per game round). No consumer has run yet.
DROP INDEX domain_event_unprocessed_idx;
ALTER TABLE domain_event DROP COLUMN processed_at;
