-- Seamless wallet, one statement per money call (docs/decisions/011-seamless-wallet.md, addendum;
-- docs/benchmarks.md). Measured before: a call was an interactive transaction from Node (begin,
-- prepare, ledger, record, commit, sometimes a turnover update) and reached 0.14× pgbench TPC-B.
-- Now the service sends calls to game_wallet_calls: one statement, one commit, for every call that
-- queued while the previous statement ran (group commit, as the ledger's own transfers do).
--
-- game_wallet_call decides and applies one call (bet, win, rollback, endRound) with the rules the
-- service used to apply between its statements. Every check comes before the call's first write,
-- so a refusal is an answer, not an error, and the other calls of the batch carry on. No
-- subtransactions: measured, ledger rows locked again in each of a batch's subtransactions made
-- ledger_post_transfers five times slower (PostgreSQL tracks such locks in multixacts).
-- Calls about one round apply one at a time: each takes a transaction-level advisory lock on
-- (platform, hash of round and player) before reading the round, and the statements after it take
-- fresh snapshots, so a call that waited sees what the holder committed (a copy of the same bet, a
-- rollback that came first). A new round's id is drawn before the ledger posting and the row is
-- written only once the money moved.
-- Answers per call: {"balance"} applied or replayed, {"error","message","balance"?} refused.
-- Anything unexpected, and a lost race on an id (unique_violation, or P4002: the ledger key was
-- used by a copy of the call committing meanwhile), aborts the statement: the service sends each
-- call of the batch again alone, and runs a call that lost a race once more (it then finds the
-- copy's row and answers as a replay).

-- Wagering (product rules §2): a settled bet lowers the outstanding turnover, not below 0; at 0 the
-- locked bonus is released. One definition for the ledger service and the game wallet.
CREATE FUNCTION player_settle_turnover(p_user bigint, p_amount bigint, OUT bet bigint, OUT bonus_locked bigint)
LANGUAGE sql AS $$
  UPDATE player_wallet w
     SET bet = greatest(w.bet - p_amount, 0),
         bonus_locked = CASE WHEN w.bet - p_amount <= 0 THEN 0 ELSE w.bonus_locked END
   WHERE w.user_id = p_user
  RETURNING w.bet, w.bonus_locked
$$;

-- A refusal as game_wallet_call answers it.
CREATE FUNCTION game_wallet_refusal(p_error text, p_message text, p_balance bigint DEFAULT NULL) RETURNS json
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_balance IS NULL THEN json_build_object('error', p_error, 'message', p_message)
              ELSE json_build_object('error', p_error, 'message', p_message, 'balance', p_balance::text) END
$$;

-- A player's coin balance (0 before the account's first use).
CREATE FUNCTION game_wallet_coin(p_user bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT a.balance FROM ledger_account a
                    WHERE coalesce(a.user_id, 0) = p_user AND a.book = 'coin' AND a.asset = 'coin' AND a.shard = 0), 0)
$$;

-- A round's end (endRound, a win that ends it, or the idle sweep): settled, or rolledBack when
-- every bet in it was rolled back.
CREATE FUNCTION game_round_close_status(p_bets integer, p_rolled_back integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_bets > 0 AND p_bets = p_rolled_back THEN 'rolledBack' ELSE 'settled' END
$$;

-- What a round's end causes when the player bet in it: the round_settled event (for rewards), and
-- the outstanding turnover lowered by its bets. Called once per round: under the round's lock, on
-- its open → closed move.
CREATE FUNCTION game_round_closed(p_user bigint, p_platform_code text, p_game integer, p_type integer, p_round text, p_status text,
                                  p_bets integer, p_bet bigint, p_win bigint, p_ended_by text, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_bets = 0 THEN RETURN; END IF;
  INSERT INTO domain_event (type, payload, created_at)
  VALUES ('game.round_settled', jsonb_build_object('userId', p_user, 'platform', p_platform_code, 'gameId', p_game, 'typeId', p_type,
                                                   'roundId', p_round, 'status', p_status, 'bet', p_bet, 'win', p_win, 'endedBy', p_ended_by), p_now);
  IF p_bet > 0 THEN PERFORM player_settle_turnover(p_user, p_bet); END IF;
END
$$;

-- p: {"action", "platform", "platformCode", "tokenHash", "round", "tx", "ref", "gameCode",
--     "amount" (text), "endsRound", "now", "idleMs", "shard"}
CREATE FUNCTION game_wallet_call(p json) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_action   text := p->>'action';
  v_platform integer := (p->>'platform')::integer;
  v_pcode    text := p->>'platformCode';
  v_round_id text := p->>'round';
  v_tx_id    text := p->>'tx';
  v_ref_id   text := p->>'ref';
  v_amount   bigint := (p->>'amount')::bigint;
  v_ends     boolean := coalesce((p->>'endsRound')::boolean, false);
  v_now      timestamptz := (p->>'now')::timestamptz;
  s          record;   -- the session and its game
  r          record;   -- the player's round
  prior      record;   -- this transaction id, seen before
  ref        record;   -- the transaction the call names
  v_rb       text;     -- a rollback naming this (bet) transaction id
  v_round    bigint;   -- game_round.id (drawn for a new round)
  v_move     bigint;   -- coin to the player (negative: from the player)
  v_reason   text;
  v_status   text := 'applied';
  v_tid      bigint;
  v_balance  bigint;
  v_close    text;
  v_out      json;
  v_code     integer;
  v_bet_add  bigint := 0;
  v_win_add  bigint := 0;
  v_bets_add integer := 0;
  v_rb_add   integer := 0;
  v_tx_amount bigint := coalesce(v_amount, 0);
BEGIN
  SELECT gs.id, gs.user_id, gs.mode, gs.last_seen_at, gs.closed_at, gs.game_id, g.code AS game_code, g.type_id,
         (g.status = 'online' AND gp.enabled) AS playable
    INTO s
    FROM game_session gs JOIN game g ON g.id = gs.game_id JOIN game_platform gp ON gp.id = gs.platform_id
   WHERE gs.token_hash = p->>'tokenHash' AND gs.platform_id = v_platform;
  IF NOT FOUND THEN RETURN game_wallet_refusal('INVALID_TOKEN', 'Unknown session token'); END IF;
  IF s.mode <> 'real' OR s.user_id IS NULL THEN RETURN game_wallet_refusal('BAD_REQUEST', 'Demo play never touches the wallet'); END IF;

  PERFORM pg_advisory_xact_lock(v_platform, hashtext(v_round_id || ':' || s.user_id));
  SELECT gr.id, gr.game_id, g.type_id, gr.bet_total, gr.win_total, gr.bet_count, gr.rolled_back_count, gr.status
    INTO r
    FROM game_round gr LEFT JOIN game g ON g.id = gr.game_id
   WHERE gr.platform_id = v_platform AND gr.provider_round_id = v_round_id AND gr.user_id = s.user_id;
  v_round := r.id;

  IF v_tx_id IS NOT NULL THEN
    SELECT t.kind, t.user_id, gr.provider_round_id, t.amount, t.ref_transaction_id, t.ends_round
      INTO prior
      FROM game_transaction t JOIN game_round gr ON gr.id = t.round_id
     WHERE t.platform_id = v_platform AND t.transaction_id = v_tx_id;
    IF FOUND THEN
      -- The same details answer the first result again (with the balance now); others are a duplicate.
      IF prior.kind = v_action AND prior.user_id = s.user_id AND prior.provider_round_id = v_round_id
         AND (v_action = 'rollback' OR prior.amount = v_amount)
         AND prior.ref_transaction_id IS NOT DISTINCT FROM v_ref_id AND prior.ends_round = v_ends THEN
        RETURN json_build_object('balance', game_wallet_coin(s.user_id)::text);
      END IF;
      RETURN game_wallet_refusal('DUPLICATE_TRANSACTION', format('Transaction %s was already received with other details', v_tx_id));
    END IF;
  END IF;
  IF v_ref_id IS NOT NULL THEN
    SELECT t.transaction_id, t.kind, t.user_id, t.round_id, t.amount, t.status INTO ref
      FROM game_transaction t WHERE t.platform_id = v_platform AND t.transaction_id = v_ref_id;
  END IF;

  IF v_action = 'bet' THEN
    -- coin → house provider:<code>, on an open session, in an open round, unless rolled back first.
    IF p->>'gameCode' <> s.game_code THEN
      RETURN game_wallet_refusal('BAD_REQUEST', format('This session plays %s, not %s', s.game_code, p->>'gameCode'));
    END IF;
    IF s.closed_at IS NOT NULL OR s.last_seen_at <= v_now - make_interval(secs => (p->>'idleMs')::bigint / 1000.0) THEN
      RETURN game_wallet_refusal('SESSION_EXPIRED', 'The game session has ended: bets need an open session');
    END IF;
    IF NOT s.playable THEN RETURN game_wallet_refusal('GAME_UNAVAILABLE', 'The game is not available now'); END IF;
    SELECT t.transaction_id INTO v_rb FROM game_transaction t
     WHERE t.platform_id = v_platform AND t.kind = 'rollback' AND t.ref_transaction_id = v_tx_id LIMIT 1;
    IF v_rb IS NOT NULL THEN
      RETURN game_wallet_refusal('TRANSACTION_ROLLED_BACK', format('Bet %s was already rolled back by %s', v_tx_id, v_rb));
    END IF;
    IF r.status <> 'open' THEN RETURN game_wallet_refusal('ROUND_CLOSED', format('Round %s is closed', v_round_id)); END IF;
    v_move := -v_amount;
    v_reason := 'game_bet';
    v_bet_add := v_amount;
    v_bets_add := 1;

  ELSIF v_action = 'win' THEN
    -- house → coin, for a round the player bet in; never refused because the session ended.
    IF r.id IS NULL OR r.bet_count = 0 THEN
      RETURN game_wallet_refusal('BAD_REQUEST', format('Round %s has no bet of this player: a win pays a bet', v_round_id));
    END IF;
    IF r.status = 'rolledBack' OR r.bet_count = r.rolled_back_count THEN
      RETURN game_wallet_refusal('BAD_REQUEST', format('Every bet of round %s was rolled back', v_round_id));
    END IF;
    IF v_ref_id IS NOT NULL THEN
      IF ref.kind IS DISTINCT FROM 'bet' OR ref.round_id IS DISTINCT FROM r.id THEN
        RETURN game_wallet_refusal('BAD_REQUEST', format('Bet %s is not a bet of round %s', v_ref_id, v_round_id));
      END IF;
      IF ref.status <> 'applied' THEN RETURN game_wallet_refusal('BAD_REQUEST', format('Bet %s was rolled back', v_ref_id)); END IF;
    END IF;
    v_move := v_amount;
    v_reason := 'game_win';
    v_win_add := v_amount;

  ELSIF v_action = 'rollback' THEN
    -- Reverses a bet (wins are final). Before its bet: recorded, so the late bet is refused.
    IF ref.kind IS NULL THEN
      v_status := 'tombstone';
    ELSE
      IF ref.user_id <> s.user_id OR ref.round_id IS DISTINCT FROM r.id THEN
        RETURN game_wallet_refusal('BAD_REQUEST', format('Transaction %s is not in round %s of this player', v_ref_id, v_round_id));
      END IF;
      IF ref.kind <> 'bet' THEN RETURN game_wallet_refusal('BAD_REQUEST', 'Only bets can be rolled back: wins are final'); END IF;
      IF ref.status = 'rolledBack' THEN
        v_status := 'noop';
      ELSE
        IF r.status <> 'open' THEN RETURN game_wallet_refusal('ROUND_CLOSED', format('Round %s is closed: its bets are final', v_round_id)); END IF;
        IF r.win_total > 0 THEN RETURN game_wallet_refusal('BAD_REQUEST', format('Round %s already paid a win: its bets are final', v_round_id)); END IF;
        v_move := ref.amount;
        v_reason := 'game_rollback';
        v_tx_amount := ref.amount;
        v_bet_add := -ref.amount;
        v_rb_add := 1;
      END IF;
    END IF;

  ELSIF v_action = 'endRound' THEN
    IF r.id IS NULL THEN RETURN game_wallet_refusal('BAD_REQUEST', format('Round %s is unknown for this player', v_round_id)); END IF;
  ELSE
    RAISE EXCEPTION 'game_wallet_call: unknown action %', v_action;
  END IF;

  -- Bets and rollbacks open the round; its id is drawn now for the ledger reference.
  IF v_round IS NULL THEN v_round := nextval('game_round_id_seq'); END IF;

  -- The money: one ledger transfer keyed game:<platform>:<transaction id>, on the house shard the
  -- service picked for this statement. A refused transfer writes nothing.
  IF v_move IS NOT NULL AND v_move <> 0 THEN
    v_out := ledger_post_transfers(
      ARRAY['game:' || v_pcode || ':' || v_tx_id], ARRAY[md5(concat_ws('|', v_reason, v_round, s.user_id, v_move))], ARRAY[v_reason],
      ARRAY['game_round:' || v_round], ARRAY[v_now],
      ARRAY[s.user_id, 0]::bigint[], ARRAY['coin', 'provider:' || v_pcode], ARRAY['coin', 'coin'], ARRAY[0, (p->>'shard')::smallint]::smallint[],
      ARRAY[1, 1], ARRAY[1, 2], ARRAY[v_move, -v_move]);
    v_code := (v_out->1->>0)::integer;
    IF v_code = 3 THEN RETURN game_wallet_refusal('INSUFFICIENT_FUNDS', 'The balance is too low for this bet', game_wallet_coin(s.user_id)); END IF;
    -- The key was used although no transaction row has it: a copy of this call is committing.
    IF v_code <> 0 THEN RAISE EXCEPTION USING ERRCODE = 'P4002', MESSAGE = format('ledger outcome %s for %s', v_code, v_tx_id); END IF;
    v_tid := (v_out->0->>0)::bigint;
    v_balance := (v_out->2->>0)::bigint;
  END IF;

  -- A round's end: settled, or rolledBack when every bet in it was; round_settled when the player bet.
  IF (v_action = 'endRound' OR (v_action = 'win' AND v_ends)) AND r.status = 'open' THEN
    v_close := game_round_close_status(r.bet_count, r.rolled_back_count);
  END IF;

  -- Records: the round (new, or its totals and close), the provider transaction, a rolled-back
  -- bet's status, the outbox events, the session's activity (bets).
  IF r.id IS NULL THEN
    INSERT INTO game_round (id, platform_id, provider_round_id, user_id, game_id, bet_total, bet_count, started_at, updated_at)
    VALUES (v_round, v_platform, v_round_id, s.user_id, s.game_id, v_bet_add, v_bets_add, v_now, v_now);
  ELSIF v_action <> 'endRound' OR v_close IS NOT NULL THEN
    UPDATE game_round
       SET bet_total = bet_total + v_bet_add, win_total = win_total + v_win_add,
           bet_count = bet_count + v_bets_add, rolled_back_count = rolled_back_count + v_rb_add,
           status = coalesce(v_close, status), ended_at = CASE WHEN v_close IS NULL THEN ended_at ELSE v_now END, updated_at = v_now
     WHERE id = v_round;
  END IF;
  IF v_action <> 'endRound' THEN
    INSERT INTO game_transaction (platform_id, transaction_id, kind, user_id, round_id, amount, ref_transaction_id, ends_round, status, ledger_transfer_id, created_at)
    VALUES (v_platform, v_tx_id, v_action, s.user_id, v_round, v_tx_amount, v_ref_id, v_ends, v_status, v_tid, v_now);
  END IF;
  IF v_rb_add > 0 THEN
    UPDATE game_transaction SET status = 'rolledBack' WHERE platform_id = v_platform AND transaction_id = v_ref_id;
  END IF;
  IF v_action = 'bet' THEN
    INSERT INTO domain_event (type, payload, created_at)
    VALUES ('game.bet_placed', jsonb_build_object('userId', s.user_id, 'platform', v_pcode, 'gameId', s.game_id, 'typeId', s.type_id,
                                                  'roundId', v_round_id, 'transactionId', v_tx_id, 'bet', v_amount), v_now);
    -- Activity to the minute is enough for a 30-minute idle rule; most bets skip this write.
    IF s.last_seen_at < v_now - interval '1 minute' THEN
      UPDATE game_session SET last_seen_at = v_now WHERE id = s.id AND closed_at IS NULL;
    END IF;
  END IF;
  IF v_close IS NOT NULL THEN
    PERFORM game_round_closed(s.user_id, v_pcode, r.game_id, r.type_id, v_round_id, v_close, r.bet_count, r.bet_total, r.win_total + v_win_add, 'provider', v_now);
  END IF;

  RETURN json_build_object('balance', coalesce(v_balance, game_wallet_coin(s.user_id))::text);
END
$$;

-- A batch of calls, applied in order in one transaction; one answer per call.
CREATE FUNCTION game_wallet_calls(p_calls json) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_out  json[] := '{}';
  v_call json;
BEGIN
  FOR v_call IN SELECT value FROM json_array_elements(p_calls) LOOP
    v_out := v_out || game_wallet_call(v_call);
  END LOOP;
  RETURN array_to_json(v_out);
END
$$;

-- Rounds a provider never ends would keep their bets out of the turnover for ever. The sweep
-- (round-sweeper.ts) ends rounds started and untouched before p_before as an endRound would, at
-- most p_limit per statement, and answers how many it ended. A late win still pays a swept round;
-- a late rollback is refused (its bets are final).
CREATE INDEX game_round_open_started_idx ON game_round (started_at) WHERE status = 'open';

CREATE FUNCTION game_wallet_settle_idle(p_before timestamptz, p_now timestamptz, p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  c      record;
  r      record;
  v_done integer := 0;
BEGIN
  FOR c IN
    SELECT gr.id, gr.platform_id, gr.provider_round_id, gr.user_id FROM game_round gr
     WHERE gr.status = 'open' AND gr.started_at < p_before AND gr.updated_at < p_before
     ORDER BY gr.started_at LIMIT p_limit
  LOOP
    PERFORM pg_advisory_xact_lock(c.platform_id, hashtext(c.provider_round_id || ':' || c.user_id));
    SELECT gr.id, gr.user_id, gr.game_id, g.type_id, gp.code AS platform_code, gr.bet_total, gr.win_total, gr.bet_count, gr.rolled_back_count
      INTO r
      FROM game_round gr JOIN game_platform gp ON gp.id = gr.platform_id LEFT JOIN game g ON g.id = gr.game_id
     WHERE gr.id = c.id AND gr.status = 'open' AND gr.updated_at < p_before;
    CONTINUE WHEN NOT FOUND;  -- a call reached it meanwhile
    UPDATE game_round SET status = game_round_close_status(r.bet_count, r.rolled_back_count), ended_at = p_now, updated_at = p_now WHERE id = r.id;
    PERFORM game_round_closed(r.user_id, r.platform_code, r.game_id, r.type_id, c.provider_round_id, game_round_close_status(r.bet_count, r.rolled_back_count),
                              r.bet_count, r.bet_total, r.win_total, 'idle', p_now);
    v_done := v_done + 1;
  END LOOP;
  RETURN v_done;
END
$$;

-- The service no longer prepares a call in a statement of its own.
DROP FUNCTION game_wallet_prepare(integer, text, text, text, text, boolean, timestamptz);
