-- Issue 17 §4: tasks (activity 42, decision 047). A player's progress on one task of one activity in
-- one period: the operator's day ('2026-11-27') for daily tasks, the operator's week by its Monday
-- ('w2026-11-23') for weekly ones, 'novice' for novice tasks (once per player ever). The tasks
-- consumer adds to it set-based per batch of events; a claim marks it in the transaction of its award.
CREATE TABLE task_progress (
  user_id     bigint NOT NULL,
  activity_id integer NOT NULL,
  period      text NOT NULL,
  task_id     text NOT NULL,
  -- Hundredths for bet and deposit amounts; rounds, deposits or days otherwise.
  progress    bigint NOT NULL DEFAULT 0 CHECK (progress >= 0),
  -- Conditions counted as distinct marks (login: the operator's days; bind phone: 'phone'), so a
  -- mark counts once however often its event comes; progress is then their number.
  marks       text[],
  claimed_at  timestamptz,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, activity_id, period, task_id)
-- Rows are updated in place batch after batch (no indexed column changes): room on each page keeps
-- the updates HOT (no new index entry per update).
) WITH (fillfactor = 70);
