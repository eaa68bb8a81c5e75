import { randomUUID } from 'node:crypto';
import { AppError, ErrorCode, type AppConfigFields, type SafeboxState } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { MINUTE, type Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/secrets.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import { getBalances, transfer } from '../ledger/ledger.service.ts';
import * as repo from './safebox.repo.ts';

/** Wrong passwords allowed within the window before taking out is locked (product rule). */
export const SAFEBOX_MAX_FAILURES = 5;
export const SAFEBOX_FAILURE_WINDOW_MS = 15 * MINUTE;
export const SAFEBOX_LOCK_MS = 15 * MINUTE;

export interface SafeboxDeps {
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  getConfig: () => Promise<AppConfigFields>;
}

const coins = (hundredths: number) => (hundredths / 100).toLocaleString('en-US');

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount % 100 !== 0) throw new AppError(ErrorCode.safeboxAmountInvalid);
}

const lockedError = (until: Date) =>
  new AppError(ErrorCode.safeboxLocked, undefined, { lockedUntil: until.toISOString() });

export function createSafeboxService(deps: SafeboxDeps) {
  const { db, clock, hasher } = deps;

  async function state(userId: number): Promise<SafeboxState> {
    const [wallet, hash, guard] = await Promise.all([getBalances(db, userId), repo.findPasswordHash(db, userId), repo.findGuard(db, userId)]);
    const locked = guard?.lockedUntil && guard.lockedUntil.getTime() > clock.now().getTime() ? guard.lockedUntil : null;
    return { coin: wallet.coin, safebox: wallet.safebox, hasPassword: hash !== null, lockedUntil: locked?.toISOString() ?? null };
  }

  /**
   * Checks a typed safebox password against the stored hash. Refuses while locked; a wrong one
   * counts towards the lock (5 in 15 min lock for 15 min); a right one clears the count.
   */
  async function verifyPassword(userId: number, hash: string, password: string, wrong: ErrorCode): Promise<void> {
    const now = clock.now();
    const guard = await repo.findGuard(db, userId);
    if (guard?.lockedUntil && guard.lockedUntil.getTime() > now.getTime()) throw lockedError(guard.lockedUntil);
    if (await hasher.verify(hash, password)) {
      if (guard && guard.failedCount > 0) await repo.clearFailures(db, userId);
      return;
    }
    const after = await withTx(db, (tx) =>
      repo.recordFailure(tx, userId, now, SAFEBOX_FAILURE_WINDOW_MS, SAFEBOX_MAX_FAILURES, new Date(now.getTime() + SAFEBOX_LOCK_MS)),
    );
    if (after.count === 0 && after.lockedUntil) throw lockedError(after.lockedUntil);
    const left = SAFEBOX_MAX_FAILURES - after.count;
    throw new AppError(wrong, `${wrongText(wrong)}: ${left} ${left === 1 ? 'try' : 'tries'} left before taking out is locked`, { triesLeft: left });
  }

  const wrongText = (code: ErrorCode) =>
    code === ErrorCode.safeboxWrongOldPassword ? 'The current safebox password is wrong' : 'The safebox password is wrong';

  async function checkFormat(password: string): Promise<void> {
    const length = (await deps.getConfig()).safeboxPasswordLength;
    if (!new RegExp(`^\\d{${length}}$`).test(password)) {
      throw new AppError(ErrorCode.safeboxPasswordInvalid, `The safebox password must be exactly ${length} digits`, { length });
    }
  }

  /** Moves coin between the player's coin and safebox books; refusals change nothing. */
  async function move(userId: number, direction: 'in' | 'out', amount: number, requestId: string | undefined): Promise<void> {
    const sign = direction === 'in' ? 1 : -1;
    try {
      await transfer(db, {
        idempotencyKey: `safebox_${direction}:${userId}:${requestId ?? randomUUID()}`,
        reason: `safebox_${direction}`,
        reference: `safebox:${userId}`,
        entries: [
          { account: { player: userId, book: 'coin' }, asset: 'coin', amount: -sign * amount },
          { account: { player: userId, book: 'safebox' }, asset: 'coin', amount: sign * amount },
        ],
        at: clock.now(),
      });
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.insufficientBalance) {
        const wallet = await getBalances(db, userId);
        const has = direction === 'in' ? wallet.coin : wallet.safebox;
        throw new AppError(
          ErrorCode.insufficientBalance,
          direction === 'in'
            ? `Your coin balance is ${coins(has)}: not enough to put ${coins(amount)} in the safebox`
            : `Your safebox holds ${coins(has)}: not enough to take out ${coins(amount)}`,
          { available: has },
        );
      }
      throw err;
    }
  }

  return {
    /** getSafebox: balances, whether a password is set and any take-out lock. */
    get: (session: SessionInfo) => state(session.userId),

    /**
     * setSafeboxPassword: the first password needs nothing else; changing it needs the current
     * one, and a wrong current one counts towards the lock like a wrong take-out password.
     */
    async setPassword(session: SessionInfo, input: { password: string; oldPassword?: string }): Promise<SafeboxState> {
      await checkFormat(input.password);
      const current = await repo.findPasswordHash(db, session.userId);
      if (current !== null) {
        if (input.oldPassword === undefined || input.oldPassword === '') throw new AppError(ErrorCode.safeboxOldPasswordRequired);
        await verifyPassword(session.userId, current, input.oldPassword, ErrorCode.safeboxWrongOldPassword);
      }
      await repo.setPasswordHash(db, session.userId, await hasher.hash(input.password), clock.now());
      return state(session.userId);
    },

    /** safeboxDeposit: coin → safebox, no password. A repeated requestId applies once. */
    async deposit(session: SessionInfo, input: { amount: number; requestId?: string }): Promise<SafeboxState> {
      checkAmount(input.amount);
      await move(session.userId, 'in', input.amount, input.requestId);
      return state(session.userId);
    },

    /** safeboxWithdraw: safebox → coin, needs the safebox password. A repeated requestId applies once. */
    async withdraw(session: SessionInfo, input: { amount: number; password: string; requestId?: string }): Promise<SafeboxState> {
      checkAmount(input.amount);
      const hash = await repo.findPasswordHash(db, session.userId);
      if (hash === null) throw new AppError(ErrorCode.safeboxPasswordNotSet);
      await verifyPassword(session.userId, hash, input.password, ErrorCode.safeboxWrongPassword);
      await move(session.userId, 'out', input.amount, input.requestId);
      return state(session.userId);
    },
  };
}
export type SafeboxService = ReturnType<typeof createSafeboxService>;
