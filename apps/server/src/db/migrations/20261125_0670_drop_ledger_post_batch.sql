-- Issue 12 §2: one ledger writer. ledger_post_batch (migration 0310) had no caller since 0350 and
-- was kept for a rolling start from that release; it wrote entries and balances by its own rules.
DROP FUNCTION IF EXISTS ledger_post_batch(text[], text[], text[], text[], timestamptz[], integer, integer[], bigint[], text[], text[], bigint[]);
