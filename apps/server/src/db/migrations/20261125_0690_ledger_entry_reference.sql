-- Issue 12 §5: the player's records read the ledger through the ledger module alone. A game entry
-- names its game and round itself (`game:<game id>:<round id>`), so the ledger can group a
-- player's rounds into sessions without reading the game wallet's tables.
ALTER TABLE ledger_entry ADD COLUMN reference text;

-- Entries written before: their game and round, found once through the provider transaction
-- their transfer wrote (one per player and transfer).
UPDATE ledger_entry e
   SET reference = 'game:' || r.game_id || ':' || r.id
  FROM game_transaction g JOIN game_round r ON r.id = g.round_id
 WHERE g.ledger_transfer_id = e.transfer_id AND g.user_id = e.user_id AND e.user_id IS NOT NULL AND e.reference IS NULL;

-- ledger_post takes the entries' references (its file creates the new signature).
DROP FUNCTION IF EXISTS ledger_post(bigint[], text[], text[], text[], text[], timestamptz[], bigint[], text[], text[], smallint[], integer[], integer[], bigint[], text[]);
