-- From migration 20261121_0310 (unchanged since). No caller in this release: it stays so a server
-- of an earlier release can post during a rolling start (ledger_post_transfers replaced it).
-- The hot path: a batch of transfers in one call, one round trip and one commit (group commit;
-- a single transfer is a batch of one). Set-based, so the cost per call barely grows with its size:
--  1. create accounts used for the first time (balance 0, no entries);
--  2. claim the idempotency keys (sorted), so a concurrent call with the same key waits for ours;
--  3. lock every account of the batch in id order (no two calls wait on each other in opposite
--     orders) and read the balances;
--  4. decide each transfer in order against the running balances: a player balance never goes
--     below zero; a refused transfer changes nothing and gives its key back;
--  5. write the new balances, the entries and the refusals in three statements.
-- House books use one shard per call, picked at random. Transfer t's entries are those with
-- e_tx = t, one per account, no zero amounts; keys are distinct within a call.
-- Answers a JSON array, one per transfer: {"transferId", "replayed", "balances": {"<userId>:<book>": after}},
-- {"conflict": true, "transferId"}, {"error": "insufficient", "account"} or {"error": "unbalanced"}.
CREATE OR REPLACE FUNCTION ledger_post_batch(p_keys text[], p_fingerprints text[], p_reasons text[], p_references text[],
                                  p_ats timestamptz[], p_shards integer,
                                  e_tx integer[], e_users bigint[], e_books text[], e_assets text[], e_amounts bigint[])
RETURNS jsonb LANGUAGE plpgsql
-- Measured: re-planning every statement on every call cost more than running them.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_shard    smallint := floor(random() * p_shards)::smallint;
  v_count    integer := coalesce(array_length(p_keys, 1), 0);
  v_entries  integer := coalesce(array_length(e_tx, 1), 0);
  v_now      timestamptz := now();
  v_tid      bigint[];     -- transfer id per transfer (ours or the earlier one)
  v_fp       text[];       -- stored fingerprint when the key was already used
  v_eacc     bigint[];     -- account id per entry
  v_aid      bigint[];     -- locked account ids, ascending
  v_bal      bigint[];     -- their running balances
  v_changed  boolean[];
  v_after    bigint[] := array_fill(NULL::bigint, ARRAY[v_entries]);
  v_ok       boolean[] := array_fill(false, ARRAY[v_entries]);
  v_refused  bigint[] := '{}';
  v_done     bigint[];     -- transfers of this batch already applied by an earlier call
  v_bad      integer[];    -- transfers of this batch whose entries do not balance
  v_results  jsonb := '[]'::jsonb;
  v_res      jsonb;
  v_first    integer := 1;
  v_last     integer;
  v_k        integer;
  v_failed   text;
  v_balances jsonb;
BEGIN
  INSERT INTO ledger_account (user_id, book, asset, shard)
  SELECT DISTINCT t.u, t.b, t.s, 0::smallint FROM unnest(e_users, e_books, e_assets) AS t(u, b, s)
   WHERE t.u IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.user_id IS NOT NULL AND a.user_id = t.u AND a.book = t.b AND a.asset = t.s)
  UNION ALL
  SELECT DISTINCT NULL::bigint, t.b, t.s, v_shard FROM unnest(e_users, e_books, e_assets) AS t(u, b, s)
   WHERE t.u IS NULL
     AND NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.user_id IS NULL AND a.book = t.b AND a.asset = t.s AND a.shard = v_shard)
  ON CONFLICT DO NOTHING;

  INSERT INTO ledger_transfer (idempotency_key, fingerprint, reason, reference, created_at)
  SELECT k.key, k.fp, k.reason, k.ref, coalesce(k.at, v_now)
    FROM unnest(p_keys, p_fingerprints, p_reasons, p_references, p_ats) AS k(key, fp, reason, ref, at)
   ORDER BY k.key
  ON CONFLICT (idempotency_key) DO NOTHING;
  SELECT array_agg(t.id ORDER BY k.ord), array_agg(t.fingerprint ORDER BY k.ord) INTO v_tid, v_fp
    FROM unnest(p_keys) WITH ORDINALITY AS k(key, ord) JOIN ledger_transfer t ON t.idempotency_key = k.key;

  SELECT array_agg(x.id ORDER BY x.ord) INTO v_eacc FROM (
    SELECT a.id, t.ord FROM unnest(e_users, e_books, e_assets) WITH ORDINALITY AS t(u, b, s, ord)
      JOIN ledger_account a ON a.user_id IS NOT NULL AND a.user_id = t.u AND a.book = t.b AND a.asset = t.s
    UNION ALL
    SELECT a.id, t.ord FROM unnest(e_users, e_books, e_assets) WITH ORDINALITY AS t(u, b, s, ord)
      JOIN ledger_account a ON a.user_id IS NULL AND a.book = t.b AND a.asset = t.s AND a.shard = v_shard
     WHERE t.u IS NULL) x;

  SELECT array_agg(l.id ORDER BY l.id), array_agg(l.balance ORDER BY l.id) INTO v_aid, v_bal
    FROM (SELECT a.id, a.balance FROM ledger_account a WHERE a.id = ANY (v_eacc) ORDER BY a.id FOR UPDATE) l;
  v_changed := array_fill(false, ARRAY[coalesce(array_length(v_aid, 1), 0)]);

  -- Set-wise, so the per-transfer loop below runs no statements.
  SELECT coalesce(array_agg(DISTINCT e.transfer_id), '{}') INTO v_done FROM ledger_entry e WHERE e.transfer_id = ANY (v_tid);
  SELECT coalesce(array_agg(DISTINCT x.tx), '{}') INTO v_bad
    FROM (SELECT t.tx FROM unnest(e_tx, e_assets, e_amounts) AS t(tx, a, n) GROUP BY t.tx, t.a HAVING sum(t.n) <> 0) x;

  FOR t IN 1 .. v_count LOOP
    v_last := v_first - 1;
    WHILE v_last < v_entries AND e_tx[v_last + 1] = t LOOP
      v_last := v_last + 1;
    END LOOP;
    IF v_fp[t] IS DISTINCT FROM p_fingerprints[t] THEN
      v_res := jsonb_build_object('conflict', true, 'transferId', v_tid[t]);
    ELSIF v_tid[t] = ANY (v_done) THEN
      -- Applied by an earlier call: answer what it answered.
      SELECT coalesce(jsonb_object_agg(a.user_id || ':' || a.book, e.balance_after), '{}'::jsonb) INTO v_balances
        FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
       WHERE e.transfer_id = v_tid[t] AND a.user_id IS NOT NULL;
      v_res := jsonb_build_object('transferId', v_tid[t], 'replayed', true, 'balances', v_balances);
    ELSIF v_last < v_first OR t = ANY (v_bad) THEN
      v_refused := v_refused || v_tid[t];
      v_res := '{"error": "unbalanced"}'::jsonb;
    ELSE
      v_failed := NULL;
      FOR j IN v_first .. v_last LOOP
        v_k := array_position(v_aid, v_eacc[j]);
        IF e_users[j] IS NOT NULL AND v_bal[v_k] + e_amounts[j] < 0 THEN
          v_failed := e_users[j] || ':' || e_books[j];
          EXIT;
        END IF;
      END LOOP;
      IF v_failed IS NOT NULL THEN
        v_refused := v_refused || v_tid[t];
        v_res := jsonb_build_object('error', 'insufficient', 'account', v_failed);
      ELSE
        v_balances := '{}'::jsonb;
        FOR j IN v_first .. v_last LOOP
          v_k := array_position(v_aid, v_eacc[j]);
          v_bal[v_k] := v_bal[v_k] + e_amounts[j];
          v_changed[v_k] := true;
          v_after[j] := v_bal[v_k];
          v_ok[j] := true;
          IF e_users[j] IS NOT NULL THEN
            v_balances := v_balances || jsonb_build_object(e_users[j] || ':' || e_books[j], v_bal[v_k]);
          END IF;
        END LOOP;
        v_res := jsonb_build_object('transferId', v_tid[t], 'replayed', false, 'balances', v_balances);
      END IF;
    END IF;
    v_results := v_results || jsonb_build_array(v_res);
    v_first := v_last + 1;
  END LOOP;

  UPDATE ledger_account a SET balance = x.bal
    FROM unnest(v_aid, v_bal, v_changed) AS x(id, bal, changed)
   WHERE a.id = x.id AND x.changed;

  INSERT INTO ledger_entry (transfer_id, account_id, user_id, asset, amount, balance_after, reason, created_at)
  SELECT v_tid[x.tx], x.acc, x.u, x.a, x.n, x.after, p_reasons[x.tx], coalesce(p_ats[x.tx], v_now)
    FROM unnest(e_tx, v_eacc, e_users, e_assets, e_amounts, v_after, v_ok) AS x(tx, acc, u, a, n, after, ok)
   WHERE x.ok;

  IF array_length(v_refused, 1) > 0 THEN
    DELETE FROM ledger_transfer WHERE id = ANY (v_refused);
  END IF;
  RETURN v_results;
END
$$;
