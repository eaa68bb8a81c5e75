-- From migration 20261122_0430 (unchanged since): the one-player case of player_settle_turnovers.
CREATE OR REPLACE FUNCTION player_settle_turnover(p_user bigint, p_amount bigint, OUT bet bigint, OUT bonus_locked bigint)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.bet, s.bonus_locked INTO bet, bonus_locked FROM player_settle_turnovers(ARRAY[p_user], ARRAY[p_amount]) s;
END
$$;
