-- Since migration 20261125_0610 (issue 11 §3); its steps and CTEs named for what they hold.
-- The rounds a batch statement flagged: [{"round", "kind", "tx", "amount", "at"}], at most one per
-- round (a segment holds one call per player). Runs only when a statement flagged something, so
-- the hot path pays one aggregate for it.
CREATE OR REPLACE FUNCTION game_rounds_flagged(p_flags jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH flag AS MATERIALIZED (
    SELECT x.round, x.kind, x.tx, x.amount, x.at, gr.user_id, gp.code AS pcode, gp.win_cap_ratio AS cap,
           gr.provider_round_id, gr.bet_total, gr.win_total, gr.status
      FROM jsonb_to_recordset(p_flags) AS x(round bigint, kind text, tx text, amount bigint, at timestamptz)
      JOIN game_round gr ON gr.id = x.round JOIN game_platform gp ON gp.id = gr.platform_id
  ), flagged AS (
    UPDATE game_round gr SET flagged_at = coalesce(gr.flagged_at, flag.at) FROM flag WHERE gr.id = flag.round
  )
  INSERT INTO operator_alert (kind, subject, user_id, message, details, amount_total, first_at, last_at)
  SELECT flag.kind, 'game_round:' || flag.round, flag.user_id,
         CASE flag.kind
           WHEN 'winCapExceeded' THEN format('%s round %s of player %s: a win of %s coins refused; it would have paid %s coins against %s staked, above its cap of %s× the stake',
                                             flag.pcode, flag.provider_round_id, flag.user_id, round(flag.amount / 100.0, 2), round((flag.win_total + flag.amount) / 100.0, 2), round(flag.bet_total / 100.0, 2), flag.cap)
           ELSE format('%s round %s of player %s: a win of %s coins paid after the round ended (%s coins paid in all against %s staked)',
                       flag.pcode, flag.provider_round_id, flag.user_id, round(flag.amount / 100.0, 2), round(flag.win_total / 100.0, 2), round(flag.bet_total / 100.0, 2))
         END,
         jsonb_build_object('platform', flag.pcode, 'roundId', flag.provider_round_id, 'transactionId', flag.tx, 'amount', flag.amount,
                            'staked', flag.bet_total, 'paid', flag.win_total, 'capRatio', flag.cap, 'roundStatus', flag.status),
         flag.amount, flag.at, flag.at
    FROM flag
  ON CONFLICT (kind, subject) DO UPDATE
     SET occurrences = operator_alert.occurrences + 1, amount_total = operator_alert.amount_total + excluded.amount_total,
         message = excluded.message, details = excluded.details, last_at = greatest(operator_alert.last_at, excluded.last_at);
END
$$;
