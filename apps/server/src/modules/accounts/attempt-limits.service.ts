import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/tx.ts';
import { MINUTE, type Clock } from '../../lib/clock.ts';
import * as repo from './attempt-limits.repo.ts';
import type { AttemptRule } from './attempt-limits.repo.ts';

export type { AttemptRule } from './attempt-limits.repo.ts';

/** Product rule: 10 failed logins in 15 minutes lock the account for 15 minutes (decision 006). */
export const LOGIN_ATTEMPTS: AttemptRule = { scope: 'login', max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
/** The same rule for names no account has, so guessing cannot tell them from real ones (product rules §8). */
export const UNKNOWN_LOGIN_ATTEMPTS: AttemptRule = { ...LOGIN_ATTEMPTS, scope: 'login_unknown' };

/** Ended rows removed per sweep: enough to outpace the rows a guesser can add, small enough to stay cheap. */
const SWEEP_BATCH = 20;

/** What one counted check came to: passed, failed with tries left, or refused while locked. */
export type AttemptOutcome =
  | { passed: true; lockedUntil: null }
  | { passed: false; lockedUntil: Date; triesLeft: 0 }
  | { passed: false; lockedUntil: null; triesLeft: number };

export interface AttemptLimiter {
  /**
   * Runs one password check as a counted attempt (decision 015): the attempt is counted before
   * `verify` runs, a lock refuses without running it, a failure that spends the window locks,
   * and a pass gives its attempt back without lifting any lock.
   */
  check(rule: AttemptRule, key: string, verify: () => Promise<boolean>): Promise<AttemptOutcome>;
  /** The running lock of (scope, key), if any. */
  lockedUntil(rule: AttemptRule, key: string): Promise<Date | null>;
  /** Removes a few rows of this rule whose window and lock have both ended. */
  sweep(rule: AttemptRule): Promise<void>;
}

export function createAttemptLimiter(deps: { db: Db; clock: Clock }): AttemptLimiter {
  const { db, clock } = deps;
  return {
    async check(rule, key, verify) {
      const taken = await repo.takeAttempt(db, rule, key, clock.now());
      if (taken.lockedUntil) return { passed: false, lockedUntil: taken.lockedUntil, triesLeft: 0 };
      if (await verify()) {
        await repo.refundAttempt(db, rule.scope, key, taken.windowStart);
        return { passed: true, lockedUntil: null };
      }
      const after = await repo.lockIfSpent(db, rule, key, clock.now());
      if (after.lockedUntil && after.lockedUntil > clock.now()) return { passed: false, lockedUntil: after.lockedUntil, triesLeft: 0 };
      return { passed: false, lockedUntil: null, triesLeft: Math.max(0, rule.max - taken.attempts) };
    },
    lockedUntil: (rule, key) => repo.findLock(db, rule.scope, key, clock.now()),
    sweep: (rule) => repo.deleteEnded(db, rule, clock.now(), SWEEP_BATCH),
  };
}

/** Lifts the locks and forgets the counts of these rules for one key (a proven way out). */
export function clearAttempts(x: Executor, rules: AttemptRule[], key: string, now: Date) {
  return repo.clearAttempts(
    x,
    rules.map((r) => r.scope),
    key,
    now,
  );
}

/**
 * "until 2026-11-21 12:15 UTC (in 15 minutes)": when a lock ends, for the English message; the
 * error's data carries `lockedUntil` so the client can say it in the player's language and zone.
 */
export function lockEndText(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
  const at = until.toISOString().slice(0, 16).replace('T', ' ');
  return `until ${at} UTC (in ${minutes} minute${minutes === 1 ? '' : 's'})`;
}
