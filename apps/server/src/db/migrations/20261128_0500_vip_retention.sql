-- Issue 17 §2: a VIP retention rule (decision 055). Levels go down only when the running VIP
-- activity's settings carry `retention`: at the end of each period the VIP consumer drops every
-- player whose valid bet in it (vip_day) is below their level's keepBet. This row says, per
-- activity, up to where periods were evaluated, so each period is evaluated once.
CREATE TABLE vip_retention (
  activity_id      integer PRIMARY KEY REFERENCES activity (id),
  -- The first operator's day not evaluated yet (a date, so a changed period length carries on from it).
  evaluated_until  date NOT NULL,
  updated_at       timestamptz NOT NULL
);
