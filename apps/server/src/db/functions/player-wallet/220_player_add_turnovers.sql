-- Bonus wagering (product rules §2), the one definition: for each player, bet += turnover (what is
-- left to play), bonus_locked += bonus (what stays locked meanwhile), and turnover_required grows
-- the current run (a run starts again once bet was back at 0). Rows are created on first use and
-- written in player id order, several entries of one player adding up. The caller holds the
-- players' money locks first (decision 019). Used by reward_award (the award function) and by the
-- ledger service's addTurnover.
CREATE OR REPLACE FUNCTION player_add_turnovers(p_users bigint[], p_turnovers bigint[], p_bonuses bigint[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO player_wallet (user_id, bet, bonus_locked, turnover_required)
  SELECT w.u, sum(w.t), sum(w.b), sum(w.t)
    FROM unnest(p_users, p_turnovers, p_bonuses) AS w(u, t, b)
   WHERE w.t > 0
   GROUP BY w.u ORDER BY w.u
  ON CONFLICT (user_id) DO UPDATE SET bet = player_wallet.bet + excluded.bet,
    bonus_locked = player_wallet.bonus_locked + excluded.bonus_locked,
    turnover_required = CASE WHEN player_wallet.bet = 0 THEN excluded.bet ELSE player_wallet.turnover_required + excluded.bet END;
$$;
