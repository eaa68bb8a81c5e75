-- Issue 17 §2: a VIP retention rule (decision 055). Levels go down only when the running VIP
-- activity's settings carry `retention`: at the end of each period the VIP consumer drops every
-- player whose valid bet in it (vip_day) is below their level's keepBet. This row says, per
-- activity, the last period it evaluated, so each period is evaluated once.
CREATE TABLE vip_retention (
  activity_id  integer PRIMARY KEY REFERENCES activity (id),
  -- Index of the last period evaluated (periods of `retention.days` operator's days from 2024-01-01).
  evaluated    integer NOT NULL,
  updated_at   timestamptz NOT NULL
);
