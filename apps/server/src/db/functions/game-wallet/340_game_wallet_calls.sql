-- From migration 20261125_0610 (same logic; its steps, CTEs and variables named for what they hold).
-- The seamless wallet's money calls (bet, win, rollback, endRound; decision 011), a batch in one
-- transaction, one answer per call in order: {"balance"} applied or replayed, {"error", "message",
-- "balance"?} refused. Each call is decided by the checks of game_wallet_check, in their order.
--  1. find each call's player through its session and lock the players' coin accounts in id order.
--     Every call about a player, its rounds and its transactions waits here for the batch in flight
--     for that player;
--  2. a player's first call, or a house shard's first use, creates the account, and locks again;
--  3. split the batch into segments: a statement sees only what was committed before it, so a call
--     naming a player, transaction id or reference that an earlier call of the segment names starts
--     the next segment, exactly as when calls run one by one;
--  4. per segment, one statement decides every call (calls → stored → checked → writes) and writes
--     what they cause: the rounds, the transactions, the bet events, the session's activity; then
--     ledger_post (the one ledger writer) posts the segment's money as one transfer, and the rounds
--     it ended (game_rounds_closed) and flagged for operators (game_rounds_flagged) follow.
-- A lost race on an id (unique_violation) aborts the batch: the service sends each call again alone.
CREATE OR REPLACE FUNCTION game_wallet_calls(p_calls json) RETURNS json LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_calls  jsonb := p_calls::jsonb;
  v_count  integer := jsonb_array_length(v_calls);
  v_users  bigint[];
  v_segment_of integer[] := '{}';  -- per call: its segment
  v_names  text[] := '{}';
  v_mine   text[];
  v_segments integer := 1;
  v_ready  boolean;
  v_out    json[] := array_fill(NULL::json, ARRAY[v_count]);
  v_call   jsonb;
  v_ords   integer[];
  v_answers json[];
  v_closed  bigint[];
  v_closed_at timestamptz[];
  v_flags   jsonb;
  -- The segment's ledger transfer: its id, key, fingerprint and time; per player entry the player,
  -- amount, reason and what it is about (`game:<game id>:<round id>`); per house book its name,
  -- shard and amount.
  v_transfer bigint;
  v_key      text;
  v_fingerprint text;
  v_at       timestamptz;
  v_players  bigint[];
  v_moves    bigint[];
  v_reasons  text[];
  v_refs     text[];
  v_houses   text[];
  v_shards   smallint[];
  v_house_amounts bigint[];
  v_n        integer;
  v_h        integer;
  v_posted   json;
BEGIN
  -- 1. Each call's player (NULL: no such session, or demo play), those players' coin accounts
  --    locked in id order, and whether every account the batch posts to exists: one statement.
  WITH callers AS MATERIALIZED (
    SELECT x.ord, s.user_id, x.v->>'platformCode' AS pcode, (x.v->>'shard')::smallint AS shard
      FROM jsonb_array_elements(v_calls) WITH ORDINALITY AS x(v, ord)
      LEFT JOIN LATERAL (SELECT gs.user_id FROM game_session gs
                          WHERE gs.token_hash = x.v->>'tokenHash' AND gs.platform_id = (x.v->>'platform')::integer AND gs.mode = 'real' LIMIT 1) s ON true
  ), locked_players AS MATERIALIZED (
    SELECT a.id FROM ledger_account a
     -- An array, not IN (subquery): the generic plan hashed a scan of every account for that.
     WHERE coalesce(a.user_id, 0) = ANY ((SELECT array_agg(callers.user_id) FROM callers)::bigint[]) AND a.book = 'coin' AND a.asset = 'coin' AND a.shard = 0
     ORDER BY a.id FOR UPDATE
  )
  SELECT (SELECT array_agg(callers.user_id ORDER BY callers.ord) FROM callers),
         (SELECT count(*) FROM locked_players) = (SELECT count(DISTINCT callers.user_id) FROM callers)
         AND NOT EXISTS (SELECT 1 FROM (SELECT DISTINCT callers.pcode, callers.shard FROM callers) h
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
  FOR v_i IN 1 .. v_count LOOP
    v_call := v_calls->(v_i - 1);
    v_mine := CASE WHEN v_users[v_i] IS NULL THEN '{}'::text[] ELSE ARRAY['u:' || v_users[v_i]] END
              || CASE WHEN v_call->>'tx' IS NULL THEN '{}'::text[] ELSE ARRAY['t:' || (v_call->>'platform') || ':' || (v_call->>'tx')] END
              || CASE WHEN v_call->>'ref' IS NULL THEN '{}'::text[] ELSE ARRAY['t:' || (v_call->>'platform') || ':' || (v_call->>'ref')] END;
    IF v_names && v_mine THEN
      v_segments := v_segments + 1;
      v_names := '{}';
    END IF;
    v_segment_of := v_segment_of || v_segments;
    v_names := v_names || v_mine;
  END LOOP;

  -- 4. Per segment, one statement decides every call and writes what they cause.
  FOR v_segment IN 1 .. v_segments LOOP
      WITH calls AS MATERIALIZED (
        SELECT given.ord, given.action, given.platform, given.pcode, given.token_hash, given.round, given.tx, given.ref, given.game_code, given.amount, coalesce(given.ends, false) AS ends,
               given.at, given.idle_ms, given.shard
          FROM ROWS FROM (jsonb_to_recordset(v_calls) AS (action text, platform integer, "platformCode" text, "tokenHash" text, round text, tx text, ref text,
                                                         "gameCode" text, amount bigint, "endsRound" boolean, now timestamptz, "idleMs" bigint, shard smallint))
               WITH ORDINALITY AS given(action, platform, pcode, token_hash, round, tx, ref, game_code, amount, ends, at, idle_ms, shard, ord)
         WHERE v_segment_of[given.ord] = v_segment
      ),
      -- What is stored about each call. LATERAL with LIMIT 1 keeps every lookup one index probe whatever
      -- the generic plan thinks of the tables' sizes.
      stored AS MATERIALIZED (
        SELECT calls.*, player_session.*, stored_round.*, prior_tx.*, ref_tx.*, late_rollback.rb_tx, coin_account.acc_id, coalesce(coin_account.bal, 0) AS bal
          FROM calls
          LEFT JOIN LATERAL (SELECT gs.id AS session_id, gs.user_id, gs.mode = 'real' AND gs.user_id IS NOT NULL AS is_real, gs.last_seen_at,
                                    gs.closed_at IS NOT NULL OR gs.last_seen_at <= calls.at - make_interval(secs => calls.idle_ms / 1000.0) AS expired,
                                    gs.game_id AS s_game, g.code AS s_game_code, g.type_id AS s_type, (g.status = 'online' AND gp.enabled) AS playable, gp.win_cap_ratio AS cap
                               FROM game_session gs JOIN game g ON g.id = gs.game_id JOIN game_platform gp ON gp.id = gs.platform_id
                              WHERE gs.token_hash = calls.token_hash AND gs.platform_id = calls.platform LIMIT 1) player_session ON true
          LEFT JOIN LATERAL (SELECT gr.id AS r_id, gr.game_id AS r_game, rg.type_id AS r_type, gr.bet_total, gr.win_total, gr.bet_count, gr.rolled_back_count, gr.status AS r_status
                               FROM game_round gr LEFT JOIN game rg ON rg.id = gr.game_id
                              WHERE gr.platform_id = calls.platform AND gr.provider_round_id = calls.round
                            -- "+ 0": the round's unique key finds it; the player's index would read every round of the player.
                            AND gr.user_id + 0 = player_session.user_id LIMIT 1) stored_round ON true
          LEFT JOIN LATERAL (SELECT true AS p_exists,
                                    t.kind = calls.action AND t.user_id = player_session.user_id AND pr.provider_round_id = calls.round AND (calls.action = 'rollback' OR t.amount = calls.amount)
                                    AND t.ref_transaction_id IS NOT DISTINCT FROM calls.ref AND t.ends_round = coalesce(calls.ends, false) AS p_same
                               FROM game_transaction t JOIN game_round pr ON pr.id = t.round_id
                              WHERE calls.tx IS NOT NULL AND t.platform_id = calls.platform AND t.transaction_id = calls.tx LIMIT 1) prior_tx ON true
          LEFT JOIN LATERAL (SELECT t.kind AS f_kind, t.user_id AS f_user, t.round_id AS f_round, t.amount AS f_amount, t.status AS f_status
                               FROM game_transaction t
                              WHERE calls.ref IS NOT NULL AND t.platform_id = calls.platform AND t.transaction_id = calls.ref LIMIT 1) ref_tx ON true
          LEFT JOIN LATERAL (SELECT t.transaction_id AS rb_tx FROM game_transaction t
                              WHERE calls.action = 'bet' AND t.platform_id = calls.platform AND t.kind = 'rollback' AND t.ref_transaction_id = calls.tx
                                -- Only this player's rollback: another player's cannot refuse this bet (issue 11 §6).
                                AND t.user_id = player_session.user_id LIMIT 1) late_rollback ON true
          LEFT JOIN LATERAL (SELECT acct.id AS acc_id, acct.balance AS bal FROM ledger_account acct
                              WHERE coalesce(acct.user_id, 0) = player_session.user_id AND acct.book = 'coin' AND acct.asset = 'coin' AND acct.shard = 0 LIMIT 1) coin_account ON true
      ),
      checked AS MATERIALIZED (
        SELECT stored.*, game_wallet_check(stored.action, stored.session_id, stored.is_real, stored.p_same, coalesce(stored.p_exists, false), stored.tx,
                                      stored.game_code, stored.s_game_code, stored.expired, stored.playable, stored.rb_tx,
                                      stored.round, stored.r_id, stored.r_status, stored.bet_count, stored.rolled_back_count, stored.win_total, stored.bet_total, stored.cap,
                                      stored.ref, stored.f_kind, stored.f_round, stored.f_user = stored.user_id, stored.f_status, stored.amount, stored.bal) AS refusal
          FROM stored
      ),
      -- The calls that write: not refused, not a replay.
      writes AS MATERIALIZED (
        SELECT checked.ord, checked.action, checked.platform, checked.pcode, checked.round, checked.tx, checked.ref, checked.ends, checked.at, checked.shard, checked.user_id, checked.session_id, checked.acc_id, checked.bal,
               effect.live_rb, effect.move, effect.reason,
               checked.r_id IS NULL AS round_new,
               coalesce(checked.r_id, nextval('game_round_id_seq')) AS round_id,
               coalesce(checked.r_game, checked.s_game) AS game_id,
               CASE WHEN checked.r_id IS NULL THEN checked.s_type ELSE checked.r_type END AS type_id,
               CASE WHEN checked.action = 'rollback' AND checked.f_kind IS NULL THEN 'tombstone' WHEN checked.action = 'rollback' AND NOT effect.live_rb THEN 'noop' ELSE 'applied' END AS tx_status,
               CASE WHEN effect.live_rb THEN checked.f_amount ELSE coalesce(checked.amount, 0) END AS tx_amount,
               CASE checked.action WHEN 'bet' THEN checked.amount ELSE 0 END - CASE WHEN effect.live_rb THEN checked.f_amount ELSE 0 END AS bet_add,
               CASE checked.action WHEN 'win' THEN checked.amount ELSE 0 END AS win_add,
               CASE checked.action WHEN 'bet' THEN 1 ELSE 0 END AS bets_add,
               CASE WHEN effect.live_rb THEN 1 ELSE 0 END AS rb_add,
               CASE WHEN (checked.action = 'endRound' OR (checked.action = 'win' AND checked.ends)) AND checked.r_status = 'open'
                    THEN game_round_close_status(checked.bet_count, checked.rolled_back_count) END AS close,
               checked.action = 'bet' AND checked.last_seen_at < checked.at - interval '1 minute' AS touch
          FROM checked
          CROSS JOIN LATERAL (SELECT checked.action = 'rollback' AND checked.f_kind = 'bet' AND checked.f_status = 'applied' AS live_rb) live
          CROSS JOIN LATERAL (SELECT live.live_rb,
                                     nullif(CASE checked.action WHEN 'bet' THEN -checked.amount WHEN 'win' THEN checked.amount
                                                          WHEN 'rollback' THEN CASE WHEN live.live_rb THEN checked.f_amount ELSE 0 END ELSE 0 END, 0) AS move,
                                     CASE checked.action WHEN 'bet' THEN 'game_bet' WHEN 'win' THEN 'game_win' ELSE 'game_rollback' END AS reason) effect
         WHERE checked.refusal IS NULL AND NOT coalesce(checked.p_exists, false)
      ),
      -- Money: one ledger transfer for the segment, posted by ledger_post after this statement (the
      -- one ledger writer). Its id is taken here so the transactions can name it; its key is the
      -- first money call's transaction id (game_transaction's key, checked above under the players'
      -- locks, is what keeps a call from moving money twice; the ledger's key says the same again).
      -- An entry per call that moves coin, on the player's coin account (a segment has one call per
      -- player), and one per provider house book for all of them, on the shard this batch uses.
      transfer AS MATERIALIZED (
        SELECT nextval('ledger_transfer_id_seq') AS id FROM (SELECT 1 WHERE EXISTS (SELECT 1 FROM writes WHERE writes.move IS NOT NULL)) any_move
      ),
      house AS MATERIALIZED (
        SELECT 'provider:' || writes.pcode AS book, writes.shard, -sum(writes.move) AS amount
          FROM writes WHERE writes.move IS NOT NULL GROUP BY writes.pcode, writes.shard
      ),
      new_round AS (
        INSERT INTO game_round (id, platform_id, provider_round_id, user_id, game_id, bet_total, bet_count, started_at, updated_at)
        SELECT writes.round_id, writes.platform, writes.round, writes.user_id, writes.game_id, writes.bet_add, writes.bets_add, writes.at, writes.at FROM writes WHERE writes.round_new
      ),
      old_round AS (
        UPDATE game_round g
           SET bet_total = g.bet_total + writes.bet_add, win_total = g.win_total + writes.win_add,
               bet_count = g.bet_count + writes.bets_add, rolled_back_count = g.rolled_back_count + writes.rb_add,
               status = coalesce(writes.close, g.status), ended_at = CASE WHEN writes.close IS NULL THEN g.ended_at ELSE writes.at END, updated_at = writes.at
          FROM writes WHERE g.id = writes.round_id AND NOT writes.round_new AND (writes.action <> 'endRound' OR writes.close IS NOT NULL)
      ),
      txs AS (
        INSERT INTO game_transaction (platform_id, transaction_id, kind, user_id, round_id, amount, ref_transaction_id, ends_round, status, ledger_transfer_id, created_at)
        SELECT writes.platform, writes.tx, writes.action, writes.user_id, writes.round_id, writes.tx_amount, writes.ref, writes.ends, writes.tx_status,
               CASE WHEN writes.move IS NOT NULL THEN (SELECT transfer.id FROM transfer) END, writes.at
          FROM writes WHERE writes.action <> 'endRound'
      ),
      rolled AS (
        UPDATE game_transaction g SET status = 'rolledBack' FROM writes WHERE writes.rb_add > 0 AND g.platform_id = writes.platform AND g.transaction_id = writes.ref
      ),
      -- Outbox: a bet placed (a round's end is game_rounds_closed's, after this statement).
      events AS (
        INSERT INTO domain_event (type, payload, created_at)
        SELECT 'game.bet_placed', jsonb_build_object('userId', writes.user_id, 'platform', writes.pcode, 'gameId', writes.game_id, 'typeId', writes.type_id,
                                                     'roundId', writes.round, 'transactionId', writes.tx, 'bet', writes.tx_amount), writes.at
          FROM writes WHERE writes.action = 'bet'
      ),
      -- Activity to the minute is enough for a 30-minute idle rule; most bets skip this write.
      touched AS (
        UPDATE game_session gs SET last_seen_at = writes.at FROM writes WHERE writes.touch AND gs.id = writes.session_id AND gs.closed_at IS NULL
      )
      SELECT (SELECT transfer.id FROM transfer),
             (SELECT 'game:' || writes.pcode || ':' || coalesce(writes.tx, 'batch') FROM writes WHERE writes.move IS NOT NULL ORDER BY writes.ord LIMIT 1),
             (SELECT md5(string_agg(concat_ws('|', writes.pcode, writes.tx, writes.user_id, writes.move), ',' ORDER BY writes.ord)) FROM writes WHERE writes.move IS NOT NULL),
             max(writes.at) FILTER (WHERE writes.move IS NOT NULL),
             array_agg(writes.user_id ORDER BY writes.ord) FILTER (WHERE writes.move IS NOT NULL),
             array_agg(writes.move ORDER BY writes.ord) FILTER (WHERE writes.move IS NOT NULL),
             array_agg(writes.reason ORDER BY writes.ord) FILTER (WHERE writes.move IS NOT NULL),
             array_agg('game:' || writes.game_id || ':' || writes.round_id ORDER BY writes.ord) FILTER (WHERE writes.move IS NOT NULL),
             (SELECT array_agg(house.book ORDER BY house.book, house.shard) FROM house),
             (SELECT array_agg(house.shard ORDER BY house.book, house.shard) FROM house),
             (SELECT array_agg(house.amount ORDER BY house.book, house.shard) FROM house),
             array_agg(checked.ord::integer),
             array_agg(CASE WHEN checked.refusal IS NULL
                            THEN json_build_object('balance', (checked.bal + coalesce(writes.move, 0))::text)
                            WHEN checked.refusal[1] = 'INSUFFICIENT_FUNDS'
                            THEN json_build_object('error', checked.refusal[1], 'message', checked.refusal[2], 'balance', checked.bal::text)
                            ELSE json_build_object('error', checked.refusal[1], 'message', checked.refusal[2]) END),
             array_agg(writes.round_id ORDER BY writes.ord) FILTER (WHERE writes.close IS NOT NULL),
             array_agg(writes.at ORDER BY writes.ord) FILTER (WHERE writes.close IS NOT NULL),
             -- For operators: a win refused by its round's cap, or paid into a round already ended.
             jsonb_agg(jsonb_build_object('round', checked.r_id, 'kind', CASE WHEN checked.refusal IS NULL THEN 'lateWin' ELSE 'winCapExceeded' END,
                                          'tx', checked.tx, 'amount', checked.amount, 'at', checked.at))
               FILTER (WHERE checked.refusal[1] = 'WIN_LIMIT_EXCEEDED' OR (writes.action = 'win' AND checked.r_status <> 'open'))
        INTO v_transfer, v_key, v_fingerprint, v_at, v_players, v_moves, v_reasons, v_refs, v_houses, v_shards, v_house_amounts,
             v_ords, v_answers, v_closed, v_closed_at, v_flags
        FROM checked LEFT JOIN writes ON writes.ord = checked.ord;
    -- The segment's money, through the one ledger writer. The checks above already decided every
    -- call against the locked balances, so a refusal here is a broken invariant: abort the batch.
    IF v_transfer IS NOT NULL THEN
      v_n := cardinality(v_players);
      v_h := cardinality(v_houses);
      v_posted := ledger_post(ARRAY[v_transfer], ARRAY[v_key], ARRAY[v_fingerprint], '{game}', '{NULL}', ARRAY[v_at],
                              v_players || array_fill(0::bigint, ARRAY[v_h]), array_fill('coin'::text, ARRAY[v_n]) || v_houses,
                              array_fill('coin'::text, ARRAY[v_n + v_h]), array_fill(0::smallint, ARRAY[v_n]) || v_shards,
                              array_fill(1, ARRAY[v_n + v_h]), ARRAY(SELECT generate_series(1, v_n + v_h)),
                              v_moves || v_house_amounts, v_reasons || array_fill('game'::text, ARRAY[v_h]),
                              v_refs || array_fill(NULL::text, ARRAY[v_h]));
      IF (v_posted->1->>0)::integer <> 0 THEN
        RAISE EXCEPTION 'game_wallet_calls: the ledger refused a decided transfer (outcome %)', v_posted->1->>0;
      END IF;
    END IF;
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
