-- Issue 17 §4: the tasks' follow and invite conditions (decision 065).
--
-- A follow task is a one-off grant like the sign-up bonus: a second account on the same device or
-- phone does not complete it again. Its once-per-person marks are kept per task: `scope` names it
-- ('' for the one-off activities, whose marks are per activity type as before).
ALTER TABLE reward_once ADD COLUMN scope text NOT NULL DEFAULT '';
ALTER TABLE reward_once DROP CONSTRAINT reward_once_pkey;
ALTER TABLE reward_once ADD PRIMARY KEY (activity_type, scope, fingerprint);

-- Invites (product rules §4, Agent): a player registered with another's invite code is their
-- invitee. The rewards.referrals consumer adds up what each invitee deposits and bets from the
-- referral on, and settles the invite once both reach the configured amounts: valid (an event for
-- the kinds that reward valid invites) or linked (the invitee shares a phone or device with the
-- inviter: self-referral earns nothing). One row per invitee, written only by that consumer.
CREATE TABLE referral (
  invitee_id   bigint PRIMARY KEY REFERENCES app_user (id),
  inviter_id   bigint NOT NULL REFERENCES app_user (id),
  deposited    bigint NOT NULL DEFAULT 0 CHECK (deposited >= 0),
  bet          bigint NOT NULL DEFAULT 0 CHECK (bet >= 0),
  -- null while below the amounts; then 'valid' or 'linked', once.
  outcome      text CHECK (outcome IN ('valid', 'linked')),
  settled_at   timestamptz,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX referral_inviter ON referral (inviter_id, settled_at);
