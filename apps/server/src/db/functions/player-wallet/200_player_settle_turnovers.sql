-- From migration 20261122_0430 (unchanged since).
-- Wagering (product rules §2): a settled bet lowers the outstanding turnover, not below 0; at 0 the
-- locked bonus is released. The one definition, for many players at once (a player's amounts add
-- up first: lowering by each in turn comes to the same); player_settle_turnover, for the ledger
-- service, is the case of one.
CREATE OR REPLACE FUNCTION player_settle_turnovers(p_users bigint[], p_amounts bigint[])
RETURNS TABLE (user_id bigint, bet bigint, bonus_locked bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  UPDATE player_wallet w
     SET bet = greatest(w.bet - s.amount, 0),
         bonus_locked = CASE WHEN w.bet - s.amount <= 0 THEN 0 ELSE w.bonus_locked END
    FROM (SELECT x.u, sum(x.a)::bigint AS amount FROM unnest(p_users, p_amounts) AS x(u, a) GROUP BY x.u) s
   -- = ANY as well as the join: the generic plan then finds the rows by key, not by a scan of every wallet.
   WHERE w.user_id = s.u AND w.user_id = ANY (p_users)
  RETURNING w.user_id, w.bet, w.bonus_locked;
END
$$;
