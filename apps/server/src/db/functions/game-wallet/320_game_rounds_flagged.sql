-- From migration 20261125_0610 (unchanged since).
-- The rounds a batch statement flagged: [{"round", "kind", "tx", "amount", "at"}], at most one per
-- round (a segment holds one call per player). Runs only when a statement flagged something, so
-- the hot path pays one aggregate for it.
CREATE OR REPLACE FUNCTION game_rounds_flagged(p_flags jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH f AS MATERIALIZED (
    SELECT x.round, x.kind, x.tx, x.amount, x.at, gr.user_id, gp.code AS pcode, gp.win_cap_ratio AS cap,
           gr.provider_round_id, gr.bet_total, gr.win_total, gr.status
      FROM jsonb_to_recordset(p_flags) AS x(round bigint, kind text, tx text, amount bigint, at timestamptz)
      JOIN game_round gr ON gr.id = x.round JOIN game_platform gp ON gp.id = gr.platform_id
  ), flagged AS (
    UPDATE game_round gr SET flagged_at = coalesce(gr.flagged_at, f.at) FROM f WHERE gr.id = f.round
  )
  INSERT INTO operator_alert (kind, subject, user_id, message, details, amount_total, first_at, last_at)
  SELECT f.kind, 'game_round:' || f.round, f.user_id,
         CASE f.kind
           WHEN 'winCapExceeded' THEN format('%s round %s of player %s: a win of %s coins refused; it would have paid %s coins against %s staked, above its cap of %s× the stake',
                                             f.pcode, f.provider_round_id, f.user_id, round(f.amount / 100.0, 2), round((f.win_total + f.amount) / 100.0, 2), round(f.bet_total / 100.0, 2), f.cap)
           ELSE format('%s round %s of player %s: a win of %s coins paid after the round ended (%s coins paid in all against %s staked)',
                       f.pcode, f.provider_round_id, f.user_id, round(f.amount / 100.0, 2), round(f.win_total / 100.0, 2), round(f.bet_total / 100.0, 2))
         END,
         jsonb_build_object('platform', f.pcode, 'roundId', f.provider_round_id, 'transactionId', f.tx, 'amount', f.amount,
                            'staked', f.bet_total, 'paid', f.win_total, 'capRatio', f.cap, 'roundStatus', f.status),
         f.amount, f.at, f.at
    FROM f
  ON CONFLICT (kind, subject) DO UPDATE
     SET occurrences = operator_alert.occurrences + 1, amount_total = operator_alert.amount_total + excluded.amount_total,
         message = excluded.message, details = excluded.details, last_at = greatest(operator_alert.last_at, excluded.last_at);
END
$$;
