-- From migration 20261122_0430 (unchanged since).
-- Idle rounds end under their players' account locks, taken in id order as a batch of calls takes
-- them. Rounds started and untouched before p_before, at most p_limit; answers how many ended.
CREATE OR REPLACE FUNCTION game_wallet_settle_idle(p_before timestamptz, p_now timestamptz, p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_from   bigint := (SELECT open_from FROM game_round_sweep);
  v_until  bigint;
  v_ids    bigint[];
  v_closed bigint[];
  v_done   integer := 0;
BEGIN
  -- The first round started at or after p_before: the walk ends there. (Rounds that started so
  -- recently may still be committing with lower ids; none started before p_before is.)
  v_until := coalesce((SELECT gr.id FROM game_round gr WHERE gr.id >= v_from AND gr.started_at >= p_before ORDER BY gr.id LIMIT 1),
                      (SELECT max(gr.id) + 1 FROM game_round gr), v_from);
  SELECT array_agg(gr.id ORDER BY gr.id) INTO v_ids
    FROM (SELECT gr.id FROM game_round gr
           WHERE gr.id >= v_from AND gr.id < v_until AND gr.status = 'open' AND gr.updated_at < p_before
           ORDER BY gr.id LIMIT p_limit) gr;
  IF v_ids IS NOT NULL THEN
    PERFORM 1 FROM (SELECT a.id FROM ledger_account a
                     WHERE coalesce(a.user_id, 0) = ANY (ARRAY(SELECT gr.user_id FROM game_round gr WHERE gr.id = ANY (v_ids)))
                       AND a.book = 'coin' AND a.asset = 'coin' AND a.shard = 0
                     ORDER BY a.id FOR UPDATE) l;
    WITH closed AS (
      UPDATE game_round gr SET status = game_round_close_status(gr.bet_count, gr.rolled_back_count), ended_at = p_now, updated_at = p_now
       WHERE gr.id = ANY (v_ids) AND gr.status = 'open' AND gr.updated_at < p_before  -- a call may have reached it meanwhile
      RETURNING gr.id
    )
    SELECT array_agg(closed.id ORDER BY closed.id) INTO v_closed FROM closed;
    IF v_closed IS NOT NULL THEN
      PERFORM game_rounds_closed(v_closed, array_fill(p_now, ARRAY[cardinality(v_closed)]), 'idle');
      v_done := cardinality(v_closed);
    END IF;
  END IF;
  -- Rounds ended for good stay ended, so a bound found now holds for ever.
  UPDATE game_round_sweep
     SET open_from = greatest(open_from, coalesce((SELECT gr.id FROM game_round gr WHERE gr.id >= v_from AND gr.id < v_until AND gr.status = 'open' ORDER BY gr.id LIMIT 1), v_until));
  RETURN v_done;
END
$$;
