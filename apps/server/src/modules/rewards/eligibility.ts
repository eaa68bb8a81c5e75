import { AppError, ErrorCode } from '@playhall/contract';
import type { Executor } from '../../db/tx.ts';
import type { Activity } from './kinds/kind.ts';
import * as repo from './rewards.repo.ts';

/** app_user.status of an account that may play and receive promotions. */
const ACTIVE = 1;

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
 * Every VIP, task and rebate claim and the VIP level-up reward call it (eligibility-claims.test.ts).
 * `oncePerPerson`: a one-off grant (sign-up bonus, bind phone, download) takes the activity type's
 * marks for the player's id, phone and every device they used, in the caller's transaction: an
 * account sharing any of them with one that already got it is refused (5005), the same account
 * again is 5003.
 */
export async function assertEligible(x: Executor, activity: Activity<unknown>, userId: number, now: Date, o: { oncePerPerson?: boolean } = {}): Promise<void> {
  if (!isRunning(activity, now)) throw new AppError(ErrorCode.activityNotRunning);
  const person = await repo.personOf(x, userId);
  if (!person || person.status !== ACTIVE) throw new AppError(ErrorCode.rewardNotEligible);
  if (!o.oncePerPerson) return;
  const holders = await repo.takeOnceMarks(x, activity.type, userId);
  if (holders.includes(userId)) throw new AppError(ErrorCode.rewardAlreadyReceived);
  if (holders.length) throw new AppError(ErrorCode.rewardOncePerPerson);
}
