-- The award function's effects in one statement (issue 14, decisions 028 and 032). A batch of awards,
-- each already checked and prepared by award.service.ts (the catalogue, the bounds, the ledger
-- service's entries and fingerprint), and for each, in one call:
--  - the ledger transfer, posted by ledger_post (the one ledger writer, decision 027) together with
--    the batch's other transfers: keys claimed first (a concurrent call with the same key waits,
--    then replays), players' coin accounts locked before house books, each in id order;
--  - the wagering a bonus adds (player_add_turnovers: bet += turnover, bonus_locked += count,
--    a new run's turnover_required), written to player_wallet after the coin rows (decision 019:
--    the posting holds the player's coin account, their money lock, before this; a bonus with
--    wagering always credits the coin book, which the function checks);
--  - the reward_grant row, the player's reward record.
-- A replayed transfer (the key paid before) answers the earlier grant and writes nothing. A refused
-- transfer (the ledger's codes: conflict, insufficient, unbalanced) or an unknown player refuses
-- only its own award: the rest of the batch is applied.
-- p_awards: a json array, per award: k key, f fingerprint, r reason, ref reference, at time,
-- u player, e entries [[player or null, book, asset, amount as text], ...] in the ledger service's
-- order, aw award id, c count, t turnover added, b bonus locked, act activity id or null.
-- p_shard: the house book shard of this call (the caller picks one at random, as the ledger does).
-- Answer: one json array of arrays, each one element per award: codes (the ledger's 0 applied,
-- 1 replayed, 2 conflict, 3 insufficient, 4 unbalanced; 5 unknown player; 6 replayed but no grant
-- carries the key), transfer ids, the player's balance after (applied; the stored one on a
-- replay), grant ids, award ids, counts, turnovers (the earlier grant's on a replay); numbers as text.

CREATE OR REPLACE FUNCTION reward_award(p_awards jsonb, p_shard smallint)
RETURNS json LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_n       integer := coalesce(jsonb_array_length(p_awards), 0);
  -- per posted transfer (the awards whose player exists, in order): its award's position and fields
  v_src     integer[];
  v_keys    text[];
  v_fps     text[];
  v_reasons text[];
  v_refs    text[];
  v_ats     timestamptz[];
  v_users   bigint[];
  v_awards  integer[];
  v_counts  bigint[];
  v_turns   bigint[];
  v_bonus   bigint[];
  v_acts    integer[];
  v_known   bigint[];
  -- ledger_post's arguments and answer
  a_users   bigint[];
  a_books   text[];
  a_assets  text[];
  a_shards  smallint[];
  e_tx      integer[];
  e_acc     integer[];
  e_amounts bigint[];
  v_posted  json;
  v_tid     bigint[];
  v_code    integer[];
  v_after   bigint[];
  v_coin    boolean[];
  v_wager   boolean := false;
  v_grants  bigint[];
  -- the answer, per award
  o_code    integer[] := array_fill(5, ARRAY[v_n]);
  o_tid     bigint[] := array_fill(NULL::bigint, ARRAY[v_n]);
  o_after   bigint[] := array_fill(NULL::bigint, ARRAY[v_n]);
  o_grant   bigint[] := array_fill(NULL::bigint, ARRAY[v_n]);
  o_award   integer[] := array_fill(NULL::integer, ARRAY[v_n]);
  o_count   bigint[] := array_fill(NULL::bigint, ARRAY[v_n]);
  o_turn    bigint[] := array_fill(NULL::bigint, ARRAY[v_n]);
  v_m       integer;
  i         integer;
  r         record;
BEGIN
  IF v_n = 0 THEN
    RETURN json_build_array('{}'::int[], '{}'::text[], '{}'::text[], '{}'::text[], '{}'::int[], '{}'::text[], '{}'::text[]);
  END IF;

  -- The awards as arrays, in their order (checked below: the aggregates carry no ORDER BY, which
  -- cost a sort each).
  SELECT array_agg(w.ord::integer), array_agg(w.k), array_agg(w.f), array_agg(w.r), array_agg(w.ref), array_agg(w.at),
         array_agg(w.u), array_agg(w.aw), array_agg(w.c), array_agg(w.t), array_agg(w.b), array_agg(w.act)
    INTO v_src, v_keys, v_fps, v_reasons, v_refs, v_ats, v_users, v_awards, v_counts, v_turns, v_bonus, v_acts
    FROM ROWS FROM (jsonb_to_recordset(p_awards) AS (k text, f text, r text, ref text, at timestamptz, u bigint, aw integer, c bigint, t bigint, b bigint, act integer))
         WITH ORDINALITY AS w(k, f, r, ref, at, u, aw, c, t, b, act, ord);
  FOR t IN 1 .. v_n LOOP
    IF v_src[t] <> t THEN RAISE EXCEPTION 'reward_award: the awards were read out of order'; END IF;
  END LOOP;

  -- An unknown player's award answers 5 alone; the others go to the ledger. One index probe per
  -- award: LIMIT 1 keeps it one (the generic plan of a join or of = ANY scans every player;
  -- measured at 0.3 ms a call with 2,000 players).
  SELECT array_agg(p.id) INTO v_known
    FROM unnest(v_users) AS x(u) JOIN LATERAL (SELECT u.id FROM app_user u WHERE u.id = x.u LIMIT 1) p ON true;
  IF coalesce(cardinality(v_known), 0) < v_n THEN
    SELECT array_agg(x.src ORDER BY x.src), array_agg(x.k ORDER BY x.src), array_agg(x.f ORDER BY x.src), array_agg(x.r ORDER BY x.src),
           array_agg(x.ref ORDER BY x.src), array_agg(x.at ORDER BY x.src), array_agg(x.u ORDER BY x.src), array_agg(x.aw ORDER BY x.src),
           array_agg(x.c ORDER BY x.src), array_agg(x.t ORDER BY x.src), array_agg(x.b ORDER BY x.src), array_agg(x.act ORDER BY x.src)
      INTO v_src, v_keys, v_fps, v_reasons, v_refs, v_ats, v_users, v_awards, v_counts, v_turns, v_bonus, v_acts
      FROM unnest(v_src, v_keys, v_fps, v_reasons, v_refs, v_ats, v_users, v_awards, v_counts, v_turns, v_bonus, v_acts) AS x(src, k, f, r, ref, at, u, aw, c, t, b, act)
     WHERE x.u = ANY (coalesce(v_known, '{}'));
  END IF;
  v_m := coalesce(cardinality(v_src), 0);

  IF v_m > 0 THEN
    -- Each account of the batch once (house books on this call's shard), entries as (transfer,
    -- account, amount), a transfer's entries together and in the order the ledger service gave them.
    SELECT array_agg(x.u ORDER BY x.acc) FILTER (WHERE x.first), array_agg(x.b ORDER BY x.acc) FILTER (WHERE x.first),
           array_agg(x.a ORDER BY x.acc) FILTER (WHERE x.first),
           array_agg(CASE WHEN x.u = 0 THEN p_shard ELSE 0::smallint END ORDER BY x.acc) FILTER (WHERE x.first),
           array_agg(x.t ORDER BY x.t, x.eo), array_agg(x.acc ORDER BY x.t, x.eo), array_agg(x.n ORDER BY x.t, x.eo)
      INTO a_users, a_books, a_assets, a_shards, e_tx, e_acc, e_amounts
      FROM (SELECT en.*, dense_rank() OVER (ORDER BY en.u, en.b, en.a)::integer AS acc,
                   row_number() OVER (PARTITION BY en.u, en.b, en.a ORDER BY en.t, en.eo) = 1 AS first
              FROM (SELECT s.t::integer AS t, e.eo, coalesce((e.v->>0)::bigint, 0) AS u, e.v->>1 AS b, e.v->>2 AS a, (e.v->>3)::bigint AS n
                      FROM unnest(v_src) WITH ORDINALITY AS s(src, t)
                      CROSS JOIN LATERAL jsonb_array_elements(p_awards -> (s.src - 1) -> 'e') WITH ORDINALITY AS e(v, eo)) en) x;

    v_posted := ledger_post(NULL, v_keys, v_fps, v_reasons, v_refs, v_ats, a_users, a_books, a_assets, a_shards, e_tx, e_acc, e_amounts, NULL, NULL);
    -- Its three arrays hold only numbers (ids and amounts as text) and nulls: a json array of them
    -- is an array literal once its brackets are braces.
    v_tid := translate((v_posted -> 0)::text, '[]', '{}')::bigint[];
    v_code := translate((v_posted -> 1)::text, '[]', '{}')::integer[];
    v_after := translate((v_posted -> 2)::text, '[]', '{}')::bigint[];

    -- Per award: the ledger's answer, the player's balance after, and whether its player entry is
    -- the coin book (the money lock the posting now holds).
    v_coin := array_fill(false, ARRAY[v_m]);
    FOR j IN 1 .. cardinality(e_tx) LOOP
      IF a_users[e_acc[j]] <> 0 THEN
        o_after[v_src[e_tx[j]]] := v_after[j];
        v_coin[e_tx[j]] := a_books[e_acc[j]] = 'coin' AND a_assets[e_acc[j]] = 'coin';
      END IF;
    END LOOP;
    FOR t IN 1 .. v_m LOOP
      o_code[v_src[t]] := v_code[t];
      o_tid[v_src[t]] := v_tid[t];
      IF v_code[t] = 0 AND v_turns[t] > 0 THEN
        IF NOT v_coin[t] THEN
          RAISE EXCEPTION 'reward_award: wagering is added only with a credit to the player''s coin book (award %)', v_keys[t];
        END IF;
        v_wager := true;
      END IF;
    END LOOP;

    -- The wagering of the applied awards (player_add_turnovers: one row per player, in id order).
    IF v_wager THEN
      PERFORM player_add_turnovers(
        v_users,
        ARRAY(SELECT CASE WHEN w.code = 0 THEN w.t ELSE 0 END FROM unnest(v_turns, v_code) WITH ORDINALITY AS w(t, code, ord) ORDER BY w.ord),
        v_bonus);
    END IF;

    -- The grant rows of the applied awards.
    IF array_position(v_code, 0) IS NOT NULL THEN
      WITH ins AS (
        INSERT INTO reward_grant (user_id, activity_id, award_id, count, reason, turnover, idempotency_key, ledger_transfer_id, created_at)
        SELECT g.u, g.act, g.aw, g.c, g.r, g.t, g.k, v_tid[g.ord], coalesce(g.at, now())
          FROM unnest(v_users, v_acts, v_awards, v_counts, v_reasons, v_turns, v_keys, v_ats) WITH ORDINALITY AS g(u, act, aw, c, r, t, k, at, ord)
         WHERE v_code[g.ord] = 0
        RETURNING id, idempotency_key
      )
      SELECT array_agg(ins.id ORDER BY k.ord) INTO v_grants
        FROM unnest(v_keys) WITH ORDINALITY AS k(key, ord) LEFT JOIN ins ON ins.idempotency_key = k.key;
      FOR t IN 1 .. v_m LOOP
        IF v_code[t] = 0 THEN
          o_grant[v_src[t]] := v_grants[t];
          o_award[v_src[t]] := v_awards[t];
          o_count[v_src[t]] := v_counts[t];
          o_turn[v_src[t]] := v_turns[t];
        END IF;
      END LOOP;
    END IF;

    -- Replays answer the earlier grant (6 when none carries the key).
    IF array_position(v_code, 1) IS NOT NULL THEN
      FOR t IN 1 .. v_m LOOP
        IF v_code[t] = 1 THEN o_code[v_src[t]] := 6; END IF;
      END LOOP;
      FOR r IN
        SELECT k.ord, g.id, g.award_id, g.count, g.turnover
          FROM unnest(v_keys) WITH ORDINALITY AS k(key, ord)
          JOIN reward_grant g ON g.idempotency_key = k.key
         WHERE v_code[k.ord] = 1
      LOOP
        i := v_src[r.ord];
        o_code[i] := 1;
        o_grant[i] := r.id;
        o_award[i] := r.award_id;
        o_count[i] := r.count;
        o_turn[i] := r.turnover;
      END LOOP;
    END IF;
  END IF;

  RETURN json_build_array(o_code, o_tid::text[], o_after::text[], o_grant::text[], o_award, o_count::text[], o_turn::text[]);
END
$$;
