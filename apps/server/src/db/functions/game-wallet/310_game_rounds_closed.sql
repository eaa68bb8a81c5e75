-- From migration 20261122_0430 (same logic; its steps and CTEs named for what they hold).
-- What rounds' ends cause, whoever ended them (a provider's call, or the idle sweep): for each
-- round the player bet in, the round_settled event (for rewards) and the outstanding turnover
-- lowered by its bets. Called once per round, on its open → closed move, with the rounds as they
-- are after it. Replaces game_round_closed (one round at a time).
CREATE OR REPLACE FUNCTION game_rounds_closed(p_rounds bigint[], p_ats timestamptz[], p_ended_by text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_users bigint[];
  v_bets  bigint[];
BEGIN
  WITH rounds AS MATERIALIZED (
    SELECT array_position(p_rounds, gr.id) AS ord, gr.user_id, gp.code AS pcode, gr.game_id, g.type_id, gr.provider_round_id, gr.status, gr.bet_total, gr.win_total
      FROM game_round gr JOIN game_platform gp ON gp.id = gr.platform_id LEFT JOIN game g ON g.id = gr.game_id
     -- = ANY, not a join with unnest: the generic plan then reads the rounds by key, not every round.
     WHERE gr.id = ANY (p_rounds) AND gr.bet_count > 0
  ), events AS (
    INSERT INTO domain_event (type, payload, created_at)
    SELECT 'game.round_settled', jsonb_build_object('userId', rounds.user_id, 'platform', rounds.pcode, 'gameId', rounds.game_id, 'typeId', rounds.type_id, 'roundId', rounds.provider_round_id,
                                                    'status', rounds.status, 'bet', rounds.bet_total, 'win', rounds.win_total, 'endedBy', p_ended_by), p_ats[rounds.ord]
      FROM rounds ORDER BY rounds.ord
  )
  SELECT array_agg(rounds.user_id), array_agg(rounds.bet_total) INTO v_users, v_bets FROM rounds WHERE rounds.bet_total > 0;
  IF v_users IS NOT NULL THEN
    PERFORM 1 FROM player_settle_turnovers(v_users, v_bets);
  END IF;
END
$$;
