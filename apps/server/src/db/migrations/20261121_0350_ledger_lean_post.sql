-- Ledger hot path, leaner (docs/decisions/007-ledger.md, addendum; docs/benchmarks.md).
-- Measured on ledger_post_batch: a batch of one cost ~0.37 ms of function time before its commit,
-- most of it fixed per call: nine statements that run even when they have nothing to do, a jsonb
-- result grown one transfer at a time, a search per entry for its account. With few callers the
-- batches stay small, so that fixed cost set the 8-client figure. ledger_post_transfers does the
-- same job with the same guarantees in three statements on the usual path:
--  1. claim the idempotency keys (sorted; RETURNING tells which are new, so the earlier transfer is
--     looked up only for a used key) and find every account of the batch through ONE index;
--     accounts used for the first time are created only when that lookup misses one;
--  2. lock the accounts in id order and read their balances;
--  then decide each transfer in order against the running balances, by position (no statements,
--  no searching), and
--  3. write balances, entries and refusals in one statement.
-- It answers three arrays as one json value: transfer ids, an outcome code per transfer and the
-- balance after per entry. Codes: 0 applied, 1 replayed (the balances are the stored ones),
-- 2 conflict (the key was used for a different request), 3 insufficient (a player balance would go
-- below zero), 4 unbalanced. Transfer t's entries are those with e_tx = t, contiguous, one per
-- account, no zero amounts; keys are distinct within a call. A refused transfer changes nothing
-- and gives its key back. ledger_post_batch stays for servers of the previous release during a
-- rolling start.

-- One key for every account, so a batch finds all of its accounts with one index: players are
-- (user, book, asset, 0), house shards (0, book, asset, shard). Ids start at 1, so 0 is no player.
CREATE UNIQUE INDEX ledger_account_key_uq ON ledger_account ((coalesce(user_id, 0)), book, asset, shard);

CREATE FUNCTION ledger_post_transfers(p_keys text[], p_fingerprints text[], p_reasons text[], p_references text[],
                                      p_ats timestamptz[], p_shards integer,
                                      e_tx integer[], e_users bigint[], e_books text[], e_assets text[], e_amounts bigint[])
RETURNS json LANGUAGE plpgsql
-- Measured: re-planning every statement on every call cost more than running them.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_shard   smallint := floor(random() * p_shards)::smallint;
  v_count   integer := coalesce(cardinality(p_keys), 0);
  v_entries integer := coalesce(cardinality(e_tx), 0);
  v_now     timestamptz := now();
  v_tid     bigint[];     -- transfer id per transfer (ours, or the earlier one for a used key)
  v_code    integer[];    -- outcome per transfer
  v_pos     integer[];    -- per entry: its account's position in v_aid
  v_aid     bigint[];     -- the batch's accounts, locked, ascending id
  v_bal     bigint[];     -- their running balances
  v_changed boolean[];
  v_after   bigint[] := array_fill(NULL::bigint, ARRAY[v_entries]);
  v_refused bigint[] := '{}';
  v_first   integer := 1;
  v_last    integer;
  v_sum     bigint;
  v_mixed   boolean;
  v_ok      boolean;
  r         record;
BEGIN
  -- 1. Claim the keys and find the accounts, in one statement. A concurrent call holding one of
  --    our keys makes us wait here, then see its row. The accounts are only found here, not
  --    locked, so creating a missing one below never waits while we hold an account lock.
  WITH ins AS (
    INSERT INTO ledger_transfer (idempotency_key, fingerprint, reason, reference, created_at)
    SELECT k.key, k.fp, k.reason, k.ref, coalesce(k.at, v_now)
      FROM unnest(p_keys, p_fingerprints, p_reasons, p_references, p_ats) AS k(key, fp, reason, ref, at)
     ORDER BY k.key
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  ), acc AS (
    -- LIMIT 1 keeps each account one index probe; without it a small table gets a hashed full scan
    -- in the generic plan (measured: 0.35 ms per call on the bench's 2,000 players).
    SELECT a.id, w.u, w.b, w.s, row_number() OVER (ORDER BY a.id)::integer AS pos
      FROM (SELECT DISTINCT coalesce(t.u, 0) AS u, t.b, t.s, CASE WHEN t.u IS NULL THEN v_shard ELSE 0 END AS sh
              FROM unnest(e_users, e_books, e_assets) AS t(u, b, s)) w
      CROSS JOIN LATERAL (SELECT a.id FROM ledger_account a
                           WHERE coalesce(a.user_id, 0) = w.u AND a.book = w.b AND a.asset = w.s AND a.shard = w.sh LIMIT 1) a
  )
  SELECT (SELECT array_agg(ins.id ORDER BY k.ord) FROM unnest(p_keys) WITH ORDINALITY AS k(key, ord) LEFT JOIN ins ON ins.idempotency_key = k.key),
         (SELECT array_agg(acc.id ORDER BY acc.pos) FROM acc),
         (SELECT array_agg(acc.pos ORDER BY x.ord)
            FROM unnest(e_users, e_books, e_assets) WITH ORDINALITY AS x(u, b, s, ord)
            LEFT JOIN acc ON acc.u = coalesce(x.u, 0) AND acc.b = x.b AND acc.s = x.s)
    INTO v_tid, v_aid, v_pos;

  IF array_position(v_pos, NULL) IS NOT NULL THEN
    -- First use of an account: balance 0, no entries. A concurrent creator makes this wait, then skip.
    INSERT INTO ledger_account (user_id, book, asset, shard)
    SELECT DISTINCT t.u, t.b, t.s, CASE WHEN t.u IS NULL THEN v_shard ELSE 0 END
      FROM unnest(e_users, e_books, e_assets, v_pos) AS t(u, b, s, pos)
     WHERE t.pos IS NULL
    ON CONFLICT DO NOTHING;
    WITH acc AS (
      SELECT a.id, w.u, w.b, w.s, row_number() OVER (ORDER BY a.id)::integer AS pos
        FROM (SELECT DISTINCT coalesce(t.u, 0) AS u, t.b, t.s, CASE WHEN t.u IS NULL THEN v_shard ELSE 0 END AS sh
                FROM unnest(e_users, e_books, e_assets) AS t(u, b, s)) w
        CROSS JOIN LATERAL (SELECT a.id FROM ledger_account a
                             WHERE coalesce(a.user_id, 0) = w.u AND a.book = w.b AND a.asset = w.s AND a.shard = w.sh LIMIT 1) a
    )
    SELECT (SELECT array_agg(acc.id ORDER BY acc.pos) FROM acc),
           (SELECT array_agg(acc.pos ORDER BY x.ord)
              FROM unnest(e_users, e_books, e_assets) WITH ORDINALITY AS x(u, b, s, ord)
              LEFT JOIN acc ON acc.u = coalesce(x.u, 0) AND acc.b = x.b AND acc.s = x.s)
      INTO v_aid, v_pos;
    IF array_position(v_pos, NULL) IS NOT NULL THEN
      RAISE EXCEPTION 'ledger_post_transfers: an account could not be resolved';
    END IF;
  END IF;
  v_code := array_fill(0, ARRAY[v_count]);

  IF array_position(v_tid, NULL) IS NOT NULL THEN
    -- The rare path: keys used before. Same fingerprint: answer what the first call answered.
    FOR r IN
      SELECT k.ord, t.id, t.fingerprint = k.fp AS same
        FROM unnest(p_keys, p_fingerprints) WITH ORDINALITY AS k(key, fp, ord)
        JOIN ledger_transfer t ON t.idempotency_key = k.key
       WHERE v_tid[k.ord] IS NULL
    LOOP
      v_tid[r.ord] := r.id;
      v_code[r.ord] := CASE WHEN r.same THEN 1 ELSE 2 END;
    END LOOP;
    FOR r IN
      SELECT x.ord, e.balance_after
        FROM unnest(e_tx, e_users, e_books, e_assets) WITH ORDINALITY AS x(tx, u, b, s, ord)
        JOIN ledger_entry e ON e.transfer_id = v_tid[x.tx]
        JOIN ledger_account a ON a.id = e.account_id AND a.user_id = x.u AND a.book = x.b AND a.asset = x.s
       WHERE v_code[x.tx] = 1
    LOOP
      v_after[r.ord] := r.balance_after;
    END LOOP;
  END IF;

  -- 2. Lock the accounts in id order (no two calls wait on each other in opposite orders) and read
  --    their balances; after waiting for a concurrent writer this reads its committed balance.
  SELECT array_agg(l.balance ORDER BY l.id) INTO v_bal
    FROM (SELECT a.id, a.balance FROM ledger_account a WHERE a.id = ANY (v_aid) ORDER BY a.id FOR UPDATE) l;
  v_changed := array_fill(false, ARRAY[coalesce(cardinality(v_aid), 0)]);

  -- 3. Decide each transfer in order; no statements run in this loop.
  FOR t IN 1 .. v_count LOOP
    v_last := v_first - 1;
    WHILE v_last < v_entries AND e_tx[v_last + 1] = t LOOP
      v_last := v_last + 1;
    END LOOP;
    IF v_code[t] = 0 THEN
      v_ok := v_last >= v_first;
      -- Entries sum to zero per asset (the service checks this too; the function does not trust it).
      v_sum := 0;
      v_mixed := false;
      FOR j IN v_first .. v_last LOOP
        v_sum := v_sum + e_amounts[j];
        v_mixed := v_mixed OR e_assets[j] <> e_assets[v_first];
      END LOOP;
      IF v_mixed THEN
        FOR j IN v_first .. v_last LOOP
          v_sum := 0;
          FOR i IN v_first .. v_last LOOP
            IF e_assets[i] = e_assets[j] THEN v_sum := v_sum + e_amounts[i]; END IF;
          END LOOP;
          EXIT WHEN v_sum <> 0;
        END LOOP;
      END IF;
      IF NOT v_ok OR v_sum <> 0 THEN
        v_code[t] := 4;
      ELSE
        FOR j IN v_first .. v_last LOOP
          IF e_users[j] IS NOT NULL AND v_bal[v_pos[j]] + e_amounts[j] < 0 THEN
            v_code[t] := 3;
            EXIT;
          END IF;
        END LOOP;
      END IF;
      IF v_code[t] = 0 THEN
        FOR j IN v_first .. v_last LOOP
          v_bal[v_pos[j]] := v_bal[v_pos[j]] + e_amounts[j];
          v_changed[v_pos[j]] := true;
          v_after[j] := v_bal[v_pos[j]];
        END LOOP;
      ELSE
        v_refused := v_refused || v_tid[t];
      END IF;
    END IF;
    v_first := v_last + 1;
  END LOOP;

  -- 4. Write balances, entries and refusals in one statement.
  WITH upd AS (
    UPDATE ledger_account a SET balance = x.bal
      FROM unnest(v_aid, v_bal, v_changed) AS x(id, bal, changed)
     WHERE a.id = x.id AND x.changed
  ), ent AS (
    INSERT INTO ledger_entry (transfer_id, account_id, user_id, asset, amount, balance_after, reason, created_at)
    SELECT v_tid[x.tx], v_aid[x.pos], x.u, x.a, x.n, x.after, p_reasons[x.tx], coalesce(p_ats[x.tx], v_now)
      FROM unnest(e_tx, v_pos, e_users, e_assets, e_amounts, v_after) AS x(tx, pos, u, a, n, after)
     WHERE v_code[x.tx] = 0
  )
  DELETE FROM ledger_transfer WHERE id = ANY (v_refused);

  -- 5. Amounts as text, so no bigint is rounded on the way to JavaScript.
  RETURN json_build_array(v_tid::text[], v_code, v_after::text[]);
END
$$;
