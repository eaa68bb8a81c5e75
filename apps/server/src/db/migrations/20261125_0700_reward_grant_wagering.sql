-- Issue 14: the withdraw screen names the bonuses that lock money now. It walks the player's grants
-- that added turnover, newest first, until their amounts reach the locked figure: one index step per
-- grant here, past the points, coupons and wager-free coin that the player's full grant index holds.
CREATE INDEX reward_grant_wagering_idx ON reward_grant (user_id, created_at DESC, id DESC) WHERE turnover > 0;
