-- Since migration 20261125_0610 (issue 11 §3).
-- game_wallet_check of migration 0430 with the bounds: a bet or win amount within one call's
-- maximum; a win within its round's cap (p_bet_total × p_cap, wins after the round's end counted
-- too) and within the largest balance. Same order otherwise.
CREATE OR REPLACE FUNCTION game_wallet_check(
  p_action text, p_session bigint, p_real boolean,
  p_prior_same boolean, p_prior_exists boolean, p_tx text,
  p_game_code text, p_session_game text, p_expired boolean, p_playable boolean, p_rolled_back_by text,
  p_round text, p_round_id bigint, p_round_status text, p_bets integer, p_rolled_back integer, p_win_total bigint, p_bet_total bigint, p_cap numeric,
  p_ref text, p_ref_kind text, p_ref_round bigint, p_ref_user_ok boolean, p_ref_status text,
  p_amount bigint, p_balance bigint)
RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_session IS NULL THEN ARRAY['INVALID_TOKEN', 'Unknown session token']
    WHEN NOT p_real THEN ARRAY['BAD_REQUEST', 'Demo play never touches the wallet']
    WHEN p_prior_exists AND NOT p_prior_same THEN ARRAY['DUPLICATE_TRANSACTION', format('Transaction %s was already received with other details', p_tx)]
    WHEN p_prior_exists THEN NULL
    WHEN p_action = 'bet' THEN CASE
      -- The contract's MaxCallAmount.
      WHEN p_amount IS NULL OR p_amount < 1 OR p_amount > 10000000000 THEN ARRAY['BAD_REQUEST', format('A bet is 1 to 10000000000 hundredths, not %s', p_amount)]
      WHEN p_game_code <> p_session_game THEN ARRAY['BAD_REQUEST', format('This session plays %s, not %s', p_session_game, p_game_code)]
      WHEN p_expired THEN ARRAY['SESSION_EXPIRED', 'The game session has ended: bets need an open session']
      WHEN NOT p_playable THEN ARRAY['GAME_UNAVAILABLE', 'The game is not available now']
      WHEN p_rolled_back_by IS NOT NULL THEN ARRAY['TRANSACTION_ROLLED_BACK', format('Bet %s was already rolled back by %s', p_tx, p_rolled_back_by)]
      WHEN p_round_status <> 'open' THEN ARRAY['ROUND_CLOSED', format('Round %s is closed', p_round)]
      WHEN p_balance < p_amount THEN ARRAY['INSUFFICIENT_FUNDS', 'The balance is too low for this bet']
    END
    WHEN p_action = 'win' THEN CASE
      WHEN p_amount IS NULL OR p_amount < 0 OR p_amount > 10000000000 THEN ARRAY['BAD_REQUEST', format('A win is 0 to 10000000000 hundredths, not %s', p_amount)]
      WHEN p_round_id IS NULL OR p_bets = 0 THEN ARRAY['BAD_REQUEST', format('Round %s has no bet of this player: a win pays a bet', p_round)]
      WHEN p_round_status = 'rolledBack' OR p_bets = p_rolled_back THEN ARRAY['BAD_REQUEST', format('Every bet of round %s was rolled back', p_round)]
      WHEN p_ref IS NOT NULL AND (p_ref_kind IS DISTINCT FROM 'bet' OR p_ref_round IS DISTINCT FROM p_round_id) THEN ARRAY['BAD_REQUEST', format('Bet %s is not a bet of round %s', p_ref, p_round)]
      WHEN p_ref IS NOT NULL AND p_ref_status <> 'applied' THEN ARRAY['BAD_REQUEST', format('Bet %s was rolled back', p_ref)]
      WHEN p_amount > 0 AND p_win_total + p_amount > p_bet_total * p_cap
        THEN ARRAY['WIN_LIMIT_EXCEEDED', format('Round %s would pay %s hundredths in all against %s staked: above %s× the stake, the most a round pays on this platform',
                                                p_round, p_win_total + p_amount, p_bet_total, p_cap)]
      WHEN p_balance + p_amount > 9007199254740991
        THEN ARRAY['BALANCE_LIMIT_EXCEEDED', format('A win of %s hundredths would take the balance past the largest allowed (9007199254740991)', p_amount)]
    END
    WHEN p_action = 'rollback' THEN CASE
      WHEN p_ref_kind IS NULL THEN NULL  -- before its bet: recorded (a tombstone)
      WHEN NOT p_ref_user_ok OR p_ref_round IS DISTINCT FROM p_round_id THEN ARRAY['BAD_REQUEST', format('Transaction %s is not in round %s of this player', p_ref, p_round)]
      WHEN p_ref_kind <> 'bet' THEN ARRAY['BAD_REQUEST', 'Only bets can be rolled back: wins are final']
      WHEN p_ref_status = 'rolledBack' THEN NULL  -- again: nothing to do
      WHEN p_round_status <> 'open' THEN ARRAY['ROUND_CLOSED', format('Round %s is closed: its bets are final', p_round)]
      WHEN p_win_total > 0 THEN ARRAY['BAD_REQUEST', format('Round %s already paid a win: its bets are final', p_round)]
    END
    WHEN p_action = 'endRound' AND p_round_id IS NULL THEN ARRAY['BAD_REQUEST', format('Round %s is unknown for this player', p_round)]
    WHEN p_action NOT IN ('bet', 'win', 'rollback', 'endRound') THEN ARRAY['BAD_REQUEST', format('Unknown action %s', p_action)]
  END
$$;
