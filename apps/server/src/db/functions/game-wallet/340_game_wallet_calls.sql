-- From migration 20261125_0610 (unchanged since).
-- game_wallet_calls of migration 0430 with: the platform's cap read with the session (no extra
-- lookup), the round's stake handed to the checks, the rounds to flag gathered and flagged after
-- the statement (as rounds' ends are), and a late bet refused only by its own player's rollback.
CREATE OR REPLACE FUNCTION game_wallet_calls(p_calls json) RETURNS json LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_calls  jsonb := p_calls::jsonb;
  v_n      integer := jsonb_array_length(v_calls);
  v_users  bigint[];
  v_seg    integer[] := '{}';
  v_names  text[] := '{}';
  v_mine   text[];
  v_k      integer := 1;
  v_ready  boolean;
  v_out    json[] := array_fill(NULL::json, ARRAY[v_n]);
  v_call   jsonb;
  v_ords   integer[];
  v_answers json[];
  v_closed  bigint[];
  v_closed_at timestamptz[];
  v_flags   jsonb;
BEGIN
  -- 1. Each call's player (NULL: no such session, or demo play), those players' coin accounts
  --    locked in id order, and whether every account the batch posts to exists: one statement.
  WITH u AS MATERIALIZED (
    SELECT x.ord, s.user_id, x.v->>'platformCode' AS pcode, (x.v->>'shard')::smallint AS shard
      FROM jsonb_array_elements(v_calls) WITH ORDINALITY AS x(v, ord)
      LEFT JOIN LATERAL (SELECT gs.user_id FROM game_session gs
                          WHERE gs.token_hash = x.v->>'tokenHash' AND gs.platform_id = (x.v->>'platform')::integer AND gs.mode = 'real' LIMIT 1) s ON true
  ), l AS MATERIALIZED (
    SELECT a.id FROM ledger_account a
     -- An array, not IN (subquery): the generic plan hashed a scan of every account for that.
     WHERE coalesce(a.user_id, 0) = ANY ((SELECT array_agg(u.user_id) FROM u)::bigint[]) AND a.book = 'coin' AND a.asset = 'coin' AND a.shard = 0
     ORDER BY a.id FOR UPDATE
  )
  SELECT (SELECT array_agg(u.user_id ORDER BY u.ord) FROM u),
         (SELECT count(*) FROM l) = (SELECT count(DISTINCT u.user_id) FROM u)
         AND NOT EXISTS (SELECT 1 FROM (SELECT DISTINCT u.pcode, u.shard FROM u) h
                          WHERE NOT EXISTS (SELECT 1 FROM ledger_account a
                                             WHERE coalesce(a.user_id, 0) = 0 AND a.book = 'provider:' || h.pcode AND a.asset = 'coin' AND a.shard = h.shard))
    INTO v_users, v_ready;

  -- 2. A player's first call, or a house shard's first use: create the accounts (balance 0), lock again.
  IF NOT v_ready THEN
    INSERT INTO ledger_account (user_id, book, asset, shard)
    SELECT DISTINCT u, 'coin', 'coin', 0::smallint FROM unnest(v_users) u WHERE u IS NOT NULL
    UNION
    SELECT NULL::bigint, 'provider:' || (x->>'platformCode'), 'coin', (x->>'shard')::smallint FROM jsonb_array_elements(v_calls) x
    ON CONFLICT DO NOTHING;
    PERFORM 1 FROM (SELECT a.id FROM ledger_account a
                     WHERE coalesce(a.user_id, 0) = ANY (v_users) AND a.book = 'coin' AND a.asset = 'coin' AND a.shard = 0
                     ORDER BY a.id FOR UPDATE) l;
  END IF;

  -- 3. Segments: a call naming a player, transaction id or reference an earlier call of the
  --    current segment names starts the next one.
  FOR v_i IN 1 .. v_n LOOP
    v_call := v_calls->(v_i - 1);
    v_mine := CASE WHEN v_users[v_i] IS NULL THEN '{}'::text[] ELSE ARRAY['u:' || v_users[v_i]] END
              || CASE WHEN v_call->>'tx' IS NULL THEN '{}'::text[] ELSE ARRAY['t:' || (v_call->>'platform') || ':' || (v_call->>'tx')] END
              || CASE WHEN v_call->>'ref' IS NULL THEN '{}'::text[] ELSE ARRAY['t:' || (v_call->>'platform') || ':' || (v_call->>'ref')] END;
    IF v_names && v_mine THEN
      v_k := v_k + 1;
      v_names := '{}';
    END IF;
    v_seg := v_seg || v_k;
    v_names := v_names || v_mine;
  END LOOP;

  -- 4. Per segment, one statement decides every call and writes what they cause.
  FOR v_s IN 1 .. v_k LOOP
      WITH c AS MATERIALIZED (
        SELECT c.ord, c.action, c.platform, c.pcode, c.token_hash, c.round, c.tx, c.ref, c.game_code, c.amount, coalesce(c.ends, false) AS ends,
               c.at, c.idle_ms, c.shard
          FROM ROWS FROM (jsonb_to_recordset(v_calls) AS (action text, platform integer, "platformCode" text, "tokenHash" text, round text, tx text, ref text,
                                                         "gameCode" text, amount bigint, "endsRound" boolean, now timestamptz, "idleMs" bigint, shard smallint))
               WITH ORDINALITY AS c(action, platform, pcode, token_hash, round, tx, ref, game_code, amount, ends, at, idle_ms, shard, ord)
         WHERE v_seg[c.ord] = v_s
      ),
      -- What is stored about each call. LATERAL with LIMIT 1 keeps every lookup one index probe whatever
      -- the generic plan thinks of the tables' sizes.
      d AS MATERIALIZED (
        SELECT c.*, s.*, r.*, pt.*, rf.*, rb.rb_tx, acc.acc_id, coalesce(acc.bal, 0) AS bal
          FROM c
          LEFT JOIN LATERAL (SELECT gs.id AS session_id, gs.user_id, gs.mode = 'real' AND gs.user_id IS NOT NULL AS is_real, gs.last_seen_at,
                                    gs.closed_at IS NOT NULL OR gs.last_seen_at <= c.at - make_interval(secs => c.idle_ms / 1000.0) AS expired,
                                    gs.game_id AS s_game, g.code AS s_game_code, g.type_id AS s_type, (g.status = 'online' AND gp.enabled) AS playable, gp.win_cap_ratio AS cap
                               FROM game_session gs JOIN game g ON g.id = gs.game_id JOIN game_platform gp ON gp.id = gs.platform_id
                              WHERE gs.token_hash = c.token_hash AND gs.platform_id = c.platform LIMIT 1) s ON true
          LEFT JOIN LATERAL (SELECT gr.id AS r_id, gr.game_id AS r_game, rg.type_id AS r_type, gr.bet_total, gr.win_total, gr.bet_count, gr.rolled_back_count, gr.status AS r_status
                               FROM game_round gr LEFT JOIN game rg ON rg.id = gr.game_id
                              WHERE gr.platform_id = c.platform AND gr.provider_round_id = c.round
                            -- "+ 0": the round's unique key finds it; the player's index would read every round of the player.
                            AND gr.user_id + 0 = s.user_id LIMIT 1) r ON true
          LEFT JOIN LATERAL (SELECT true AS p_exists,
                                    t.kind = c.action AND t.user_id = s.user_id AND pr.provider_round_id = c.round AND (c.action = 'rollback' OR t.amount = c.amount)
                                    AND t.ref_transaction_id IS NOT DISTINCT FROM c.ref AND t.ends_round = coalesce(c.ends, false) AS p_same
                               FROM game_transaction t JOIN game_round pr ON pr.id = t.round_id
                              WHERE c.tx IS NOT NULL AND t.platform_id = c.platform AND t.transaction_id = c.tx LIMIT 1) pt ON true
          LEFT JOIN LATERAL (SELECT t.kind AS f_kind, t.user_id AS f_user, t.round_id AS f_round, t.amount AS f_amount, t.status AS f_status
                               FROM game_transaction t
                              WHERE c.ref IS NOT NULL AND t.platform_id = c.platform AND t.transaction_id = c.ref LIMIT 1) rf ON true
          LEFT JOIN LATERAL (SELECT t.transaction_id AS rb_tx FROM game_transaction t
                              WHERE c.action = 'bet' AND t.platform_id = c.platform AND t.kind = 'rollback' AND t.ref_transaction_id = c.tx
                                -- Only this player's rollback: another player's cannot refuse this bet (issue 11 §6).
                                AND t.user_id = s.user_id LIMIT 1) rb ON true
          LEFT JOIN LATERAL (SELECT a.id AS acc_id, a.balance AS bal FROM ledger_account a
                              WHERE coalesce(a.user_id, 0) = s.user_id AND a.book = 'coin' AND a.asset = 'coin' AND a.shard = 0 LIMIT 1) acc ON true
      ),
      v AS MATERIALIZED (
        SELECT d.*, game_wallet_check(d.action, d.session_id, d.is_real, d.p_same, coalesce(d.p_exists, false), d.tx,
                                      d.game_code, d.s_game_code, d.expired, d.playable, d.rb_tx,
                                      d.round, d.r_id, d.r_status, d.bet_count, d.rolled_back_count, d.win_total, d.bet_total, d.cap,
                                      d.ref, d.f_kind, d.f_round, d.f_user = d.user_id, d.f_status, d.amount, d.bal) AS refusal
          FROM d
      ),
      -- The calls that write: not refused, not a replay.
      a AS MATERIALIZED (
        SELECT v.ord, v.action, v.platform, v.pcode, v.round, v.tx, v.ref, v.ends, v.at, v.shard, v.user_id, v.session_id, v.acc_id, v.bal,
               x.live_rb, x.move, x.reason,
               v.r_id IS NULL AS round_new,
               coalesce(v.r_id, nextval('game_round_id_seq')) AS round_id,
               coalesce(v.r_game, v.s_game) AS game_id,
               CASE WHEN v.r_id IS NULL THEN v.s_type ELSE v.r_type END AS type_id,
               CASE WHEN v.action = 'rollback' AND v.f_kind IS NULL THEN 'tombstone' WHEN v.action = 'rollback' AND NOT x.live_rb THEN 'noop' ELSE 'applied' END AS tx_status,
               CASE WHEN x.live_rb THEN v.f_amount ELSE coalesce(v.amount, 0) END AS tx_amount,
               CASE v.action WHEN 'bet' THEN v.amount ELSE 0 END - CASE WHEN x.live_rb THEN v.f_amount ELSE 0 END AS bet_add,
               CASE v.action WHEN 'win' THEN v.amount ELSE 0 END AS win_add,
               CASE v.action WHEN 'bet' THEN 1 ELSE 0 END AS bets_add,
               CASE WHEN x.live_rb THEN 1 ELSE 0 END AS rb_add,
               CASE WHEN (v.action = 'endRound' OR (v.action = 'win' AND v.ends)) AND v.r_status = 'open'
                    THEN game_round_close_status(v.bet_count, v.rolled_back_count) END AS close,
               v.action = 'bet' AND v.last_seen_at < v.at - interval '1 minute' AS touch
          FROM v
          CROSS JOIN LATERAL (SELECT v.action = 'rollback' AND v.f_kind = 'bet' AND v.f_status = 'applied' AS live_rb) l
          CROSS JOIN LATERAL (SELECT l.live_rb,
                                     nullif(CASE v.action WHEN 'bet' THEN -v.amount WHEN 'win' THEN v.amount
                                                          WHEN 'rollback' THEN CASE WHEN l.live_rb THEN v.f_amount ELSE 0 END ELSE 0 END, 0) AS move,
                                     CASE v.action WHEN 'bet' THEN 'game_bet' WHEN 'win' THEN 'game_win' ELSE 'game_rollback' END AS reason) x
         WHERE v.refusal IS NULL AND NOT coalesce(v.p_exists, false)
      ),
      -- Money: one ledger transfer for the segment (game_transaction's key, checked above under the
      -- players' locks, is what keeps a call from moving money twice): an entry per call that moves
      -- coin, on the player's coin account, and one per provider house book for all of them, on the
      -- shard this batch uses. A segment has one call per player, so a call's entry is its transfer
      -- and its player's account.
      tr AS (
        INSERT INTO ledger_transfer (id, idempotency_key, fingerprint, reason, created_at)
        SELECT n.id, 'game:batch:' || n.id, md5(string_agg(concat_ws('|', a.pcode, a.tx, a.user_id, a.move), ',' ORDER BY a.ord)), 'game', max(a.at)
          FROM (SELECT nextval('ledger_transfer_id_seq') AS id) n CROSS JOIN a
         WHERE a.move IS NOT NULL
         GROUP BY n.id
        RETURNING id
      ),
      house AS MATERIALIZED (
        SELECT h.id, sum(a.move) AS paid, max(a.at) AS at
          FROM a CROSS JOIN LATERAL (SELECT l.id FROM ledger_account l
                                      WHERE coalesce(l.user_id, 0) = 0 AND l.book = 'provider:' || a.pcode AND l.asset = 'coin' AND l.shard = a.shard LIMIT 1) h
         WHERE a.move IS NOT NULL
         GROUP BY h.id
      ),
      house_upd AS (
        UPDATE ledger_account l SET balance = l.balance - house.paid FROM house WHERE l.id = house.id RETURNING l.id, l.balance
      ),
      player_upd AS (
        UPDATE ledger_account l SET balance = l.balance + a.move FROM a WHERE l.id = a.acc_id AND a.move IS NOT NULL
      ),
      entries AS (
        INSERT INTO ledger_entry (transfer_id, account_id, user_id, asset, amount, balance_after, reason, created_at)
        SELECT tr.id, a.acc_id, a.user_id, 'coin', a.move, a.bal + a.move, a.reason, a.at FROM a CROSS JOIN tr WHERE a.move IS NOT NULL
        UNION ALL
        SELECT tr.id, house.id, NULL, 'coin', -house.paid, hu.balance, 'game', house.at FROM house JOIN house_upd hu ON hu.id = house.id CROSS JOIN tr
      ),
      new_round AS (
        INSERT INTO game_round (id, platform_id, provider_round_id, user_id, game_id, bet_total, bet_count, started_at, updated_at)
        SELECT a.round_id, a.platform, a.round, a.user_id, a.game_id, a.bet_add, a.bets_add, a.at, a.at FROM a WHERE a.round_new
      ),
      old_round AS (
        UPDATE game_round g
           SET bet_total = g.bet_total + a.bet_add, win_total = g.win_total + a.win_add,
               bet_count = g.bet_count + a.bets_add, rolled_back_count = g.rolled_back_count + a.rb_add,
               status = coalesce(a.close, g.status), ended_at = CASE WHEN a.close IS NULL THEN g.ended_at ELSE a.at END, updated_at = a.at
          FROM a WHERE g.id = a.round_id AND NOT a.round_new AND (a.action <> 'endRound' OR a.close IS NOT NULL)
      ),
      txs AS (
        INSERT INTO game_transaction (platform_id, transaction_id, kind, user_id, round_id, amount, ref_transaction_id, ends_round, status, ledger_transfer_id, created_at)
        SELECT a.platform, a.tx, a.action, a.user_id, a.round_id, a.tx_amount, a.ref, a.ends, a.tx_status,
               CASE WHEN a.move IS NOT NULL THEN (SELECT tr.id FROM tr) END, a.at
          FROM a WHERE a.action <> 'endRound'
      ),
      rolled AS (
        UPDATE game_transaction g SET status = 'rolledBack' FROM a WHERE a.rb_add > 0 AND g.platform_id = a.platform AND g.transaction_id = a.ref
      ),
      -- Outbox: a bet placed (a round's end is game_rounds_closed's, after this statement).
      events AS (
        INSERT INTO domain_event (type, payload, created_at)
        SELECT 'game.bet_placed', jsonb_build_object('userId', a.user_id, 'platform', a.pcode, 'gameId', a.game_id, 'typeId', a.type_id,
                                                     'roundId', a.round, 'transactionId', a.tx, 'bet', a.tx_amount), a.at
          FROM a WHERE a.action = 'bet'
      ),
      -- Activity to the minute is enough for a 30-minute idle rule; most bets skip this write.
      touched AS (
        UPDATE game_session gs SET last_seen_at = a.at FROM a WHERE a.touch AND gs.id = a.session_id AND gs.closed_at IS NULL
      )
      SELECT array_agg(v.ord::integer),
             array_agg(CASE WHEN v.refusal IS NULL
                            THEN json_build_object('balance', (v.bal + coalesce(a.move, 0))::text)
                            WHEN v.refusal[1] = 'INSUFFICIENT_FUNDS'
                            THEN json_build_object('error', v.refusal[1], 'message', v.refusal[2], 'balance', v.bal::text)
                            ELSE json_build_object('error', v.refusal[1], 'message', v.refusal[2]) END),
             array_agg(a.round_id ORDER BY a.ord) FILTER (WHERE a.close IS NOT NULL),
             array_agg(a.at ORDER BY a.ord) FILTER (WHERE a.close IS NOT NULL),
             -- For operators: a win refused by its round's cap, or paid into a round already ended.
             jsonb_agg(jsonb_build_object('round', v.r_id, 'kind', CASE WHEN v.refusal IS NULL THEN 'lateWin' ELSE 'winCapExceeded' END,
                                          'tx', v.tx, 'amount', v.amount, 'at', v.at))
               FILTER (WHERE v.refusal[1] = 'WIN_LIMIT_EXCEEDED' OR (a.action = 'win' AND v.r_status <> 'open'))
        INTO v_ords, v_answers, v_closed, v_closed_at, v_flags
        FROM v LEFT JOIN a ON a.ord = v.ord;
    FOR v_i IN 1 .. cardinality(v_ords) LOOP
      v_out[v_ords[v_i]] := v_answers[v_i];
    END LOOP;
    -- The rounds these calls ended: their events and the turnover, as the idle sweep does it.
    IF v_closed IS NOT NULL THEN
      PERFORM game_rounds_closed(v_closed, v_closed_at, 'provider');
    END IF;
    IF v_flags IS NOT NULL THEN
      PERFORM game_rounds_flagged(v_flags);
    END IF;
  END LOOP;
  RETURN array_to_json(v_out);
END
$$;
