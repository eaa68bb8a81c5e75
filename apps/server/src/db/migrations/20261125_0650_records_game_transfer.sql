-- Wallet records (issue 13 §3) group a player's game entries into sessions: each coin entry of the
-- game wallet finds its round through the provider transaction its ledger transfer wrote.
CREATE INDEX game_transaction_transfer_idx ON game_transaction (ledger_transfer_id, user_id) WHERE ledger_transfer_id IS NOT NULL;
