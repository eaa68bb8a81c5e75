import { randomUUID } from 'node:crypto';
import { AppError, ErrorCode, type AppConfigFields, type SafeboxState } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { MINUTE, type Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/secrets.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import { getBalances, transfer } from '../ledger/ledger.service.ts';
import { createAttemptLimiter, lockEndText, type AttemptRule } from '../accounts/attempt-limits.service.ts';
import * as repo from './safebox.repo.ts';

/** Wrong passwords allowed within 15 minutes before taking out is locked for 15 (product rule). */
export const SAFEBOX_ATTEMPTS: AttemptRule = { scope: 'safebox', max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };

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

const lockedError = (until: Date, now: Date) =>
  new AppError(ErrorCode.safeboxLocked, `Too many wrong safebox passwords: taking coins out is locked ${lockEndText(until, now)}`, {
    lockedUntil: until.toISOString(),
  });

export function createSafeboxService(deps: SafeboxDeps) {
  const { db, clock, hasher } = deps;
  const attempts = createAttemptLimiter(deps);

  async function state(userId: number): Promise<SafeboxState> {
    const [wallet, hash, locked] = await Promise.all([
      getBalances(db, userId),
      repo.findPasswordHash(db, userId),
      attempts.lockedUntil(SAFEBOX_ATTEMPTS, String(userId)),
    ]);
    return { coin: wallet.coin, safebox: wallet.safebox, hasPassword: hash !== null, lockedUntil: locked?.toISOString() ?? null };
  }

  /**
   * Checks a typed safebox password as one counted attempt (SAFEBOX_ATTEMPTS, counted before the
   * hash is checked): refused while locked, and the fifth wrong one in 15 minutes locks taking
   * out for 15 minutes. A right one does not forgive earlier wrong ones.
   */
  async function verifyPassword(userId: number, hash: string, password: string, wrong: ErrorCode): Promise<void> {
    const outcome = await attempts.check(SAFEBOX_ATTEMPTS, String(userId), () => hasher.verify(hash, password));
    if (outcome.lockedUntil) throw lockedError(outcome.lockedUntil, clock.now());
    if (outcome.passed) return;
    const left = outcome.triesLeft;
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
