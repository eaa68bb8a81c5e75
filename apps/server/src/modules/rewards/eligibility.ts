import { AppError, ErrorCode } from '@playhall/contract';
import type { Executor } from '../../db/tx.ts';
import type { Activity } from './kinds/kind.ts';
import * as repo from './rewards.repo.ts';

/** app_user.status of an account that may play and receive promotions. */
const ACTIVE = 1;

/** An account in this status may receive promotions (the responsible-gaming tools will refuse here too). */
const mayReceive = (status: number) => status === ACTIVE;

/** Enabled and inside its time window at `now`. */
export function isRunning(a: Pick<Activity<unknown>, 'enabled' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  return a.enabled && (!a.startsAt || a.startsAt <= now) && (!a.endsAt || a.endsAt > now);
}

/**
 * For red dots: a one-off grant of this type is still open to the player (an active account, and
 * no account of theirs, device or phone got it), from the facts `repo.personFactsExpr` read.
 */
export function oncePerPersonOpen(person: repo.PersonFacts | null): boolean {
  return !!person && person.status === ACTIVE && !person.onceTaken;
}

/**
 * The one eligibility check every kind calls before it grants (decision 028): the activity is
 * running, and the player may receive promotions: an active account. The responsible-gaming tools
 * (a break, self-exclusion; product rules §6) refuse here too once they exist, for every kind at once.
 * Every VIP, task and rebate claim calls it, and the consumers paying a batch (VIP level-ups, first
 * deposit) its form for many grants, `eligibleGrants` (eligibility-claims.test.ts).
 * `oncePerPerson`: a one-off grant (sign-up bonus, bind phone, download) takes the activity type's
 * marks for the player's id, phone and every device they used, in the caller's transaction: an
 * account sharing any of them with one that already got it is refused (5005), the same account
 * again is 5003. `{ scope }`: the same for one thing of the activity (a follow task, decision 065).
 */
export async function assertEligible(x: Executor, activity: Activity<unknown>, userId: number, now: Date, o: { oncePerPerson?: boolean | { scope: string } } = {}): Promise<void> {
  if (!isRunning(activity, now)) throw new AppError(ErrorCode.activityNotRunning);
  const person = await repo.personOf(x, userId);
  if (!person || !mayReceive(person.status)) throw new AppError(ErrorCode.rewardNotEligible);
  if (!o.oncePerPerson) return;
  const holders = await repo.takeOnceMarks(x, activity.type, userId, o.oncePerPerson === true ? '' : o.oncePerPerson.scope);
  if (holders.includes(userId)) throw new AppError(ErrorCode.rewardAlreadyReceived);
  if (holders.length) throw new AppError(ErrorCode.rewardOncePerPerson);
}

/** One grant an event consumer means to pay: the activity, the player, the time it is for. */
export interface EligibilityAsk {
  activity: Activity<unknown>;
  userId: number;
  at: Date;
}

/**
 * `assertEligible` for many grants at once, for an event consumer paying a batch's awards in one
 * list (decision 056): per grant, in order, whether it may be paid (its activity running at its
 * time, its player's account one that may receive promotions), in one statement. The same rule;
 * no once-per-person marks.
 */
export async function eligibleGrants(x: Executor, asks: readonly EligibilityAsk[]): Promise<boolean[]> {
  const running = asks.map((q) => isRunning(q.activity, q.at));
  const players = [...new Set(asks.filter((_, i) => running[i]).map((q) => q.userId))];
  const statuses = await repo.statusesOf(x, players);
  return asks.map((q, i) => running[i]! && mayReceive(statuses.get(q.userId) ?? -1));
}
