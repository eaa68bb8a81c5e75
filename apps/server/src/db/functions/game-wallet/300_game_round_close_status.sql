-- From migration 20261121_0420 (unchanged since).
-- A round's end (endRound, a win that ends it, or the idle sweep): settled, or rolledBack when
-- every bet in it was rolled back.
CREATE OR REPLACE FUNCTION game_round_close_status(p_bets integer, p_rolled_back integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_bets > 0 AND p_bets = p_rolled_back THEN 'rolledBack' ELSE 'settled' END
$$;
