-- Seamless wallet in the database: a batch of provider money calls is one statement
-- (docs/decisions/011-seamless-wallet.md, addenda; docs/benchmarks.md).
--
-- The service sends every call that queued while the previous statement ran to game_wallet_calls
-- (group commit, as the ledger's own transfers): one round trip, one commit. game_wallet_calls runs
-- each call's checks in order (game_wallet_decide: decision 011's rules for bet, win, rollback and
-- endRound; every check before any write, so a refusal is an answer and the batch carries on) and
-- keeps what the call will write as a game_wallet_plan. The plans are then applied together
-- (game_wallet_apply): one ledger_post_transfers for every money move of the batch, one statement
-- per table for the records, then each round's end. A call that names a round, transaction id or
-- reference that an earlier call of the same batch also names first applies what is pending, so it
-- decides on what that call wrote, exactly as when calls run one by one. A bet the ledger refuses
-- (balance too low) writes nothing but its refusal. Measured: checks and writes one call at a time
-- cost about 1 ms of PostgreSQL CPU per call; together, about 0.37 ms per call of a 4-call batch.
-- No subtransactions: measured, ledger rows locked again in each of a batch's subtransactions made
-- ledger_post_transfers five times slower (PostgreSQL tracks such locks in multixacts).
-- Calls about one round apply one at a time: each takes a transaction-level advisory lock on
-- (platform, hash of round and player) before reading the round, and the statements after it take
-- fresh snapshots, so a call that waited sees what the holder committed (a copy of the same bet, a
-- rollback that came first). A new round's id is drawn during the checks, for the ledger
-- reference; the row is written only once the money moved.
-- Answers per call: {"balance"} applied or replayed, {"error","message","balance"?} refused.
-- Anything unexpected, and a lost race on an id (unique_violation, or P4002: the ledger key was
-- used by a copy of the call committing meanwhile), aborts the statement: the service sends each
-- call of the batch again alone, and runs a call that lost a race once more (it then finds the
-- copy's row and answers as a replay).
-- The helpers are PL/pgSQL so their plans are kept: as SQL functions they were planned again at
-- every use (0.1-0.16 ms each, measured).
--
-- game_round's foreign keys go: the wallet is the only writer of the table and takes platform,
-- game and player from the session it has just read, and each insert's three key-share checks on
-- the same game_platform and game rows were, under concurrency, row locks shared by every call.

ALTER TABLE game_round DROP CONSTRAINT game_round_platform_id_fkey,
                       DROP CONSTRAINT game_round_user_id_fkey,
                       DROP CONSTRAINT game_round_game_id_fkey;

-- Wagering (product rules §2): a settled bet lowers the outstanding turnover, not below 0; at 0 the
-- locked bonus is released. One definition for the ledger service and the game wallet.
CREATE FUNCTION player_settle_turnover(p_user bigint, p_amount bigint, OUT bet bigint, OUT bonus_locked bigint)
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE player_wallet w
     SET bet = greatest(w.bet - p_amount, 0),
         bonus_locked = CASE WHEN w.bet - p_amount <= 0 THEN 0 ELSE w.bonus_locked END
   WHERE w.user_id = p_user
  RETURNING w.bet, w.bonus_locked INTO bet, bonus_locked;
END
$$;

-- A refusal as game_wallet_calls answers it.
CREATE FUNCTION game_wallet_refusal(p_error text, p_message text, p_balance bigint DEFAULT NULL) RETURNS json
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_balance IS NULL THEN json_build_object('error', p_error, 'message', p_message)
              ELSE json_build_object('error', p_error, 'message', p_message, 'balance', p_balance::text) END
$$;

-- A player's coin balance (0 before the account's first use).
CREATE FUNCTION game_wallet_coin(p_user bigint) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT a.balance FROM ledger_account a
                    WHERE coalesce(a.user_id, 0) = p_user AND a.book = 'coin' AND a.asset = 'coin' AND a.shard = 0), 0);
END
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

-- What one decided call writes when its batch is applied.
CREATE TYPE game_wallet_plan AS (
  answer      json,      -- decided already: a refusal, or NULL
  replay      boolean,   -- the same call again: answer the balance now
  user_id     bigint,
  session_id  bigint,
  touch       boolean,   -- the session's last_seen_at moves on
  platform_id integer,
  pcode       text,
  action      text,
  round_key   text,      -- provider round id
  round_id    bigint,
  round_new   boolean,
  game_id     integer,
  type_id     integer,
  bet_add     bigint,
  win_add     bigint,
  bets_add    integer,
  rb_add      integer,
  close       text,      -- settled | rolledBack when this call ends the round
  bets        integer,   -- the round's bets before this call (for round_settled)
  bet_total   bigint,
  win_total   bigint,    -- after this call
  tx_id       text,
  ref_id      text,
  tx_amount   bigint,
  ends        boolean,
  tx_status   text,
  move        bigint,    -- coin to the player (negative: from the player), NULL: none
  reason      text,
  shard       smallint,
  at          timestamptz,
  -- Filled when the batch is applied.
  transfer_id bigint,
  balance     bigint,
  refused     boolean
);

-- One call's checks, in order, without writing (the round's advisory lock aside).
CREATE FUNCTION game_wallet_decide(p jsonb) RETURNS game_wallet_plan LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_action   text := p->>'action';
  v_platform integer := (p->>'platform')::integer;
  v_round_id text := p->>'round';
  v_tx_id    text := p->>'tx';
  v_ref_id   text := p->>'ref';
  v_amount   bigint := (p->>'amount')::bigint;
  v_ends     boolean := coalesce((p->>'endsRound')::boolean, false);
  v_now      timestamptz := (p->>'now')::timestamptz;
  s          record;
  r          record;
  prior      record;
  ref        record;
  v_rb       text;
  x          game_wallet_plan;
BEGIN
  x.replay := false;
  SELECT gs.id, gs.user_id, gs.mode, gs.last_seen_at, gs.closed_at, gs.game_id, g.code AS game_code, g.type_id,
         (g.status = 'online' AND gp.enabled) AS playable
    INTO s
    FROM game_session gs JOIN game g ON g.id = gs.game_id JOIN game_platform gp ON gp.id = gs.platform_id
   WHERE gs.token_hash = p->>'tokenHash' AND gs.platform_id = v_platform;
  IF NOT FOUND THEN x.answer := game_wallet_refusal('INVALID_TOKEN', 'Unknown session token'); RETURN x; END IF;
  IF s.mode <> 'real' OR s.user_id IS NULL THEN x.answer := game_wallet_refusal('BAD_REQUEST', 'Demo play never touches the wallet'); RETURN x; END IF;
  x.user_id := s.user_id;

  PERFORM pg_advisory_xact_lock(v_platform, hashtext(v_round_id || ':' || s.user_id));
  SELECT gr.id, gr.game_id, g.type_id, gr.bet_total, gr.win_total, gr.bet_count, gr.rolled_back_count, gr.status
    INTO r
    FROM game_round gr LEFT JOIN game g ON g.id = gr.game_id
   WHERE gr.platform_id = v_platform AND gr.provider_round_id = v_round_id AND gr.user_id = s.user_id;

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
        x.replay := true;
        RETURN x;
      END IF;
      x.answer := game_wallet_refusal('DUPLICATE_TRANSACTION', format('Transaction %s was already received with other details', v_tx_id));
      RETURN x;
    END IF;
  END IF;
  IF v_ref_id IS NOT NULL THEN
    SELECT t.transaction_id, t.kind, t.user_id, t.round_id, t.amount, t.status INTO ref
      FROM game_transaction t WHERE t.platform_id = v_platform AND t.transaction_id = v_ref_id;
  END IF;

  x.bet_add := 0; x.win_add := 0; x.bets_add := 0; x.rb_add := 0;
  x.tx_status := 'applied';
  x.tx_amount := coalesce(v_amount, 0);

  IF v_action = 'bet' THEN
    IF p->>'gameCode' <> s.game_code THEN
      x.answer := game_wallet_refusal('BAD_REQUEST', format('This session plays %s, not %s', s.game_code, p->>'gameCode')); RETURN x;
    END IF;
    IF s.closed_at IS NOT NULL OR s.last_seen_at <= v_now - make_interval(secs => (p->>'idleMs')::bigint / 1000.0) THEN
      x.answer := game_wallet_refusal('SESSION_EXPIRED', 'The game session has ended: bets need an open session'); RETURN x;
    END IF;
    IF NOT s.playable THEN x.answer := game_wallet_refusal('GAME_UNAVAILABLE', 'The game is not available now'); RETURN x; END IF;
    SELECT t.transaction_id INTO v_rb FROM game_transaction t
     WHERE t.platform_id = v_platform AND t.kind = 'rollback' AND t.ref_transaction_id = v_tx_id LIMIT 1;
    IF v_rb IS NOT NULL THEN
      x.answer := game_wallet_refusal('TRANSACTION_ROLLED_BACK', format('Bet %s was already rolled back by %s', v_tx_id, v_rb)); RETURN x;
    END IF;
    IF r.status <> 'open' THEN x.answer := game_wallet_refusal('ROUND_CLOSED', format('Round %s is closed', v_round_id)); RETURN x; END IF;
    x.move := -v_amount;
    x.reason := 'game_bet';
    x.bet_add := v_amount;
    x.bets_add := 1;

  ELSIF v_action = 'win' THEN
    IF r.id IS NULL OR r.bet_count = 0 THEN
      x.answer := game_wallet_refusal('BAD_REQUEST', format('Round %s has no bet of this player: a win pays a bet', v_round_id)); RETURN x;
    END IF;
    IF r.status = 'rolledBack' OR r.bet_count = r.rolled_back_count THEN
      x.answer := game_wallet_refusal('BAD_REQUEST', format('Every bet of round %s was rolled back', v_round_id)); RETURN x;
    END IF;
    IF v_ref_id IS NOT NULL THEN
      IF ref.kind IS DISTINCT FROM 'bet' OR ref.round_id IS DISTINCT FROM r.id THEN
        x.answer := game_wallet_refusal('BAD_REQUEST', format('Bet %s is not a bet of round %s', v_ref_id, v_round_id)); RETURN x;
      END IF;
      IF ref.status <> 'applied' THEN x.answer := game_wallet_refusal('BAD_REQUEST', format('Bet %s was rolled back', v_ref_id)); RETURN x; END IF;
    END IF;
    x.move := v_amount;
    x.reason := 'game_win';
    x.win_add := v_amount;

  ELSIF v_action = 'rollback' THEN
    IF ref.kind IS NULL THEN
      x.tx_status := 'tombstone';
    ELSE
      IF ref.user_id <> s.user_id OR ref.round_id IS DISTINCT FROM r.id THEN
        x.answer := game_wallet_refusal('BAD_REQUEST', format('Transaction %s is not in round %s of this player', v_ref_id, v_round_id)); RETURN x;
      END IF;
      IF ref.kind <> 'bet' THEN x.answer := game_wallet_refusal('BAD_REQUEST', 'Only bets can be rolled back: wins are final'); RETURN x; END IF;
      IF ref.status = 'rolledBack' THEN
        x.tx_status := 'noop';
      ELSE
        IF r.status <> 'open' THEN x.answer := game_wallet_refusal('ROUND_CLOSED', format('Round %s is closed: its bets are final', v_round_id)); RETURN x; END IF;
        IF r.win_total > 0 THEN x.answer := game_wallet_refusal('BAD_REQUEST', format('Round %s already paid a win: its bets are final', v_round_id)); RETURN x; END IF;
        x.move := ref.amount;
        x.reason := 'game_rollback';
        x.tx_amount := ref.amount;
        x.bet_add := -ref.amount;
        x.rb_add := 1;
      END IF;
    END IF;

  ELSIF v_action = 'endRound' THEN
    IF r.id IS NULL THEN x.answer := game_wallet_refusal('BAD_REQUEST', format('Round %s is unknown for this player', v_round_id)); RETURN x; END IF;
  ELSE
    RAISE EXCEPTION 'game_wallet_decide: unknown action %', v_action;
  END IF;

  x.session_id := s.id;
  x.touch := v_action = 'bet' AND s.last_seen_at < v_now - interval '1 minute';
  x.platform_id := v_platform;
  x.pcode := p->>'platformCode';
  x.action := v_action;
  x.round_key := v_round_id;
  x.round_new := r.id IS NULL;
  -- Bets and rollbacks open the round; its id is drawn now for the ledger reference.
  x.round_id := coalesce(r.id, nextval('game_round_id_seq'));
  x.game_id := coalesce(r.game_id, s.game_id);
  x.type_id := CASE WHEN r.id IS NULL THEN s.type_id ELSE r.type_id END;
  IF (v_action = 'endRound' OR (v_action = 'win' AND v_ends)) AND r.status = 'open' THEN
    x.close := game_round_close_status(r.bet_count, r.rolled_back_count);
  END IF;
  x.bets := coalesce(r.bet_count, 0);
  x.bet_total := coalesce(r.bet_total, 0);
  x.win_total := coalesce(r.win_total, 0) + x.win_add;
  x.tx_id := v_tx_id;
  x.ref_id := v_ref_id;
  x.ends := v_ends;
  x.shard := (p->>'shard')::smallint;
  x.at := v_now;
  IF x.move = 0 THEN x.move := NULL; END IF;
  RETURN x;
END
$$;

-- Applies decided plans: the money in one ledger call, then the records and bet events of the calls
-- whose money moved (or that move none), one statement per table, then each round's end. Fills transfer_id,
-- balance (the player's balance after the call's entry) and refused (the ledger refused the bet).
CREATE FUNCTION game_wallet_apply(p_plans game_wallet_plan[]) RETURNS game_wallet_plan[] LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_keys  text[] := '{}';
  v_fps   text[] := '{}';
  v_rsns  text[] := '{}';
  v_refs  text[] := '{}';
  v_ats   timestamptz[] := '{}';
  v_acc   text[] := '{}';     -- account keys, each once
  a_users bigint[] := '{}';
  a_books text[] := '{}';
  a_shards smallint[] := '{}';
  e_tx    integer[] := '{}';
  e_acc   integer[] := '{}';
  e_amt   bigint[] := '{}';
  v_of    integer[] := '{}';  -- per transfer: its plan
  v_ent   integer[] := '{}';  -- per transfer: its player entry
  v_out   json;
  v_code  integer;
  x       game_wallet_plan;
  t       integer := 0;
  pa      integer;
  ha      integer;
BEGIN
  FOR i IN 1 .. coalesce(cardinality(p_plans), 0) LOOP
    x := p_plans[i];
    CONTINUE WHEN x.answer IS NOT NULL OR x.replay OR x.move IS NULL;
    t := t + 1;
    v_of := v_of || i;
    v_keys := v_keys || ('game:' || x.pcode || ':' || x.tx_id);
    v_fps := v_fps || md5(concat_ws('|', x.reason, x.round_id, x.user_id, x.move));
    v_rsns := v_rsns || x.reason;
    v_refs := v_refs || ('game_round:' || x.round_id);
    v_ats := v_ats || x.at;
    pa := array_position(v_acc, 'u:' || x.user_id);
    IF pa IS NULL THEN
      v_acc := v_acc || ('u:' || x.user_id); a_users := a_users || x.user_id; a_books := a_books || 'coin'::text; a_shards := a_shards || 0::smallint;
      pa := cardinality(v_acc);
    END IF;
    ha := array_position(v_acc, 'h:' || x.pcode);
    IF ha IS NULL THEN
      -- One house shard per batch and book (the first call's): statements in flight wait on a shard row at most once.
      v_acc := v_acc || ('h:' || x.pcode); a_users := a_users || 0::bigint; a_books := a_books || ('provider:' || x.pcode); a_shards := a_shards || x.shard;
      ha := cardinality(v_acc);
    END IF;
    e_tx := e_tx || t || t;
    e_acc := e_acc || pa || ha;
    e_amt := e_amt || x.move || -x.move;
    v_ent := v_ent || (cardinality(e_tx) - 1);
  END LOOP;

  IF t > 0 THEN
    v_out := ledger_post_transfers(v_keys, v_fps, v_rsns, v_refs, v_ats,
                                   a_users, a_books, array_fill('coin'::text, ARRAY[cardinality(v_acc)]), a_shards, e_tx, e_acc, e_amt);
    FOR k IN 1 .. t LOOP
      v_code := (v_out->1->>(k - 1))::integer;
      -- The key was used although no transaction row has it: a copy of this call is committing.
      IF v_code NOT IN (0, 3) THEN
        RAISE EXCEPTION USING ERRCODE = 'P4002', MESSAGE = format('ledger outcome %s for %s', v_code, v_keys[k]);
      END IF;
      x := p_plans[v_of[k]];
      x.refused := v_code = 3;
      IF NOT x.refused THEN
        x.transfer_id := (v_out->0->>(k - 1))::bigint;
        x.balance := (v_out->2->>(v_ent[k] - 1))::bigint;
      END IF;
      p_plans[v_of[k]] := x;
    END LOOP;
  END IF;

  -- The records of the calls that go through: decided, not a replay, not refused by the ledger.
  WITH ok AS MATERIALIZED (
    SELECT * FROM unnest(p_plans) pl WHERE pl.answer IS NULL AND NOT pl.replay AND pl.refused IS NOT TRUE
  ), new_round AS (
    INSERT INTO game_round (id, platform_id, provider_round_id, user_id, game_id, bet_total, bet_count, started_at, updated_at)
    SELECT ok.round_id, ok.platform_id, ok.round_key, ok.user_id, ok.game_id, ok.bet_add, ok.bets_add, ok.at, ok.at FROM ok WHERE ok.round_new
  ), old_round AS (
    UPDATE game_round g
       SET bet_total = g.bet_total + ok.bet_add, win_total = g.win_total + ok.win_add,
           bet_count = g.bet_count + ok.bets_add, rolled_back_count = g.rolled_back_count + ok.rb_add,
           status = coalesce(ok.close, g.status), ended_at = CASE WHEN ok.close IS NULL THEN g.ended_at ELSE ok.at END, updated_at = ok.at
      FROM ok WHERE g.id = ok.round_id AND NOT ok.round_new AND (ok.action <> 'endRound' OR ok.close IS NOT NULL)
  ), txs AS (
    INSERT INTO game_transaction (platform_id, transaction_id, kind, user_id, round_id, amount, ref_transaction_id, ends_round, status, ledger_transfer_id, created_at)
    SELECT ok.platform_id, ok.tx_id, ok.action, ok.user_id, ok.round_id, ok.tx_amount, ok.ref_id, ok.ends, ok.tx_status, ok.transfer_id, ok.at
      FROM ok WHERE ok.action <> 'endRound'
  ), rolled AS (
    UPDATE game_transaction g SET status = 'rolledBack'
      FROM ok WHERE ok.rb_add > 0 AND g.platform_id = ok.platform_id AND g.transaction_id = ok.ref_id
  ), events AS (
    INSERT INTO domain_event (type, payload, created_at)
    SELECT 'game.bet_placed', jsonb_build_object('userId', ok.user_id, 'platform', ok.pcode, 'gameId', ok.game_id, 'typeId', ok.type_id,
                                                 'roundId', ok.round_key, 'transactionId', ok.tx_id, 'bet', ok.tx_amount), ok.at
      FROM ok WHERE ok.action = 'bet'
  )
  -- Activity to the minute is enough for a 30-minute idle rule; most bets skip this write.
  UPDATE game_session gs SET last_seen_at = ok.at FROM ok WHERE ok.touch AND gs.id = ok.session_id AND gs.closed_at IS NULL;
  -- A round's end: round_settled and the turnover, as the idle sweep does it.
  PERFORM game_round_closed(pl.user_id, pl.pcode, pl.game_id, pl.type_id, pl.round_key, pl.close, pl.bets, pl.bet_total, pl.win_total, 'provider', pl.at)
     FROM unnest(p_plans) pl WHERE pl.answer IS NULL AND NOT pl.replay AND pl.refused IS NOT TRUE AND pl.close IS NOT NULL;

  RETURN p_plans;
END
$$;

-- A batch of calls in one transaction; one answer per call, in order.
CREATE FUNCTION game_wallet_calls(p_calls json) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_plans   game_wallet_plan[] := '{}';
  v_done    game_wallet_plan[] := '{}';
  v_names   text[] := '{}';   -- rounds and transaction ids the pending plans name
  v_call    jsonb;
  v_mine    text[];
  x         game_wallet_plan;
  v_out     json[] := '{}';
BEGIN
  FOR v_call IN SELECT value FROM jsonb_array_elements(p_calls::jsonb) LOOP
    v_mine := ARRAY['r:' || (v_call->>'platform') || ':' || (v_call->>'round')]
              || CASE WHEN v_call->>'tx' IS NULL THEN '{}'::text[] ELSE ARRAY['t:' || (v_call->>'platform') || ':' || (v_call->>'tx')] END
              || CASE WHEN v_call->>'ref' IS NULL THEN '{}'::text[] ELSE ARRAY['t:' || (v_call->>'platform') || ':' || (v_call->>'ref')] END;
    IF v_names && v_mine THEN
      -- It depends on a pending call: apply those first so it decides on what they wrote.
      v_done := v_done || game_wallet_apply(v_plans);
      v_plans := '{}';
      v_names := '{}';
    END IF;
    v_plans := v_plans || game_wallet_decide(v_call);
    v_names := v_names || v_mine;
  END LOOP;
  v_done := v_done || game_wallet_apply(v_plans);

  FOREACH x IN ARRAY v_done LOOP
    v_out := v_out || CASE
      WHEN x.answer IS NOT NULL THEN x.answer
      WHEN x.refused THEN game_wallet_refusal('INSUFFICIENT_FUNDS', 'The balance is too low for this bet', game_wallet_coin(x.user_id))
      ELSE json_build_object('balance', coalesce(x.balance, game_wallet_coin(x.user_id))::text)
    END;
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
