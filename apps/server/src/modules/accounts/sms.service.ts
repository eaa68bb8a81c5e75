import { AppError, AuthMode, ErrorCode, type AppConfigFields } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { withTx, type Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE } from '../../lib/clock.ts';
import { newNumericCode, sha256 } from '../../lib/secrets.ts';
import type { SmsProvider } from './sms-provider.ts';
import * as smsRepo from './sms.repo.ts';
import * as usersRepo from './users.repo.ts';
import { readPhone } from './phone.ts';

export const SMS_CODE_TTL_MS = 5 * MINUTE;
/** Default gap between two codes to one phone; `SMS_RESEND_SECONDS` changes it. */
export const SMS_RESEND_MS = MINUTE;
export const SMS_MAX_TRIES = 5;

/**
 * Phone numbers are stored as digits only, so "+55 11…" and "55 11…" are one phone. Typed numbers
 * go through `readPhone` (the contract's rule) first; this only strips an already-read number.
 */
export function normalizeMobile(mobile: string): string {
  return mobile.replace(/\D/g, '');
}

const codeHash = (mobile: string, purpose: number, code: string) => sha256(`${mobile}:${purpose}:${code}`);

const PURPOSE_TEXT: Record<number, string> = {
  [AuthMode.register]: 'to create your Playhall account',
  [AuthMode.bind]: 'to bind this phone to your Playhall account',
  [AuthMode.forget]: 'to reset your Playhall password',
  [AuthMode.loginAndRegister]: 'to log in to Playhall',
};

export type CodeCheck = { ok: true } | { ok: false; error: AppError };

export interface SmsService {
  send(input: { mobile: string; purpose: number; ip: string | null; userId: number | null }): Promise<{
    resendAfterSeconds: number;
    expiresInSeconds: number;
  }>;
  /**
   * Checks and consumes a code inside the caller's transaction. A wrong code counts a try; the
   * caller must commit that try even though the request fails (see AccountsService).
   */
  check(x: Executor, mobile: string, purpose: number, code: string): Promise<CodeCheck>;
}

export function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function createSmsService(deps: {
  db: Db;
  clock: Clock;
  provider: SmsProvider;
  getConfig: () => Promise<AppConfigFields>;
  resendMs?: number;
}): SmsService {
  const { db, clock, provider, resendMs = SMS_RESEND_MS } = deps;

  /** Product choice: register codes only for new phones, forget codes only for known ones. */
  async function checkPurpose(mobile: string, purpose: number, userId: number | null): Promise<void> {
    const owner = await usersRepo.findUserByMobile(db, mobile);
    if (purpose === AuthMode.register && owner) throw new AppError(ErrorCode.phoneExists);
    if (purpose === AuthMode.forget && !owner) throw new AppError(ErrorCode.phoneNotFound);
    if (purpose === AuthMode.bind) {
      if (userId === null) throw new AppError(ErrorCode.unauthorized);
      const me = await usersRepo.findUserById(db, userId);
      if (me?.mobile) throw new AppError(ErrorCode.alreadyBound);
      if (owner) throw new AppError(ErrorCode.phoneExists);
    }
  }

  return {
    async send({ mobile: raw, purpose, ip, userId }) {
      const config = await deps.getConfig();
      const mobile = readPhone(raw, config);
      await checkPurpose(mobile, purpose, userId);
      const msg = await withTx(db, async (tx) => {
        await smsRepo.lockPhone(tx, mobile);
        const now = clock.now();
        const last = await smsRepo.lastCodeSentAt(tx, mobile);
        if (last && now.getTime() - last.getTime() < resendMs) {
          const resendAfterSeconds = Math.ceil((resendMs - (now.getTime() - last.getTime())) / 1000);
          throw new AppError(ErrorCode.smsTooFrequent, `Please wait ${resendAfterSeconds} s before requesting another code`, {
            resendAfterSeconds,
          });
        }
        if ((await smsRepo.countCodesSince(tx, mobile, startOfUtcDay(now))) >= config.smsCodeSendLimit) {
          throw new AppError(ErrorCode.smsDailyLimit);
        }
        const code = newNumericCode(config.smsCodeLength.max);
        await smsRepo.insertCode(tx, {
          mobile,
          purpose,
          codeHash: codeHash(mobile, purpose, code),
          now,
          expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
          ip,
        });
        const message = {
          mobile,
          code,
          text: `${code} is your ${config.siteName} code ${PURPOSE_TEXT[purpose] ?? ''}. It expires in 5 minutes. Never share it.`,
        };
        await provider.store(tx, message, now);
        return message;
      });
      await provider.deliver(msg);
      return { resendAfterSeconds: Math.ceil(resendMs / 1000), expiresInSeconds: SMS_CODE_TTL_MS / 1000 };
    },

    async check(x, rawMobile, purpose, code) {
      const mobile = normalizeMobile(rawMobile);
      const row = await smsRepo.latestCode(x, mobile, purpose);
      if (!row || row.usedAt) return { ok: false, error: new AppError(ErrorCode.smsCodeInvalid) };
      if (row.tries >= SMS_MAX_TRIES) return { ok: false, error: new AppError(ErrorCode.smsTooManyTries) };
      const now = clock.now();
      if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, error: new AppError(ErrorCode.smsCodeExpired) };
      // Every comparison, right or wrong, spends a try first (product rules §8).
      const tries = await smsRepo.takeTry(x, row.id, SMS_MAX_TRIES);
      if (tries === null) return { ok: false, error: new AppError(ErrorCode.smsTooManyTries) };
      if (row.codeHash !== codeHash(mobile, purpose, code.trim())) {
        return { ok: false, error: new AppError(tries >= SMS_MAX_TRIES ? ErrorCode.smsTooManyTries : ErrorCode.smsCodeInvalid) };
      }
      if (!(await smsRepo.markCodeUsed(x, row.id, now))) {
        return { ok: false, error: new AppError(ErrorCode.smsCodeInvalid) };
      }
      return { ok: true };
    },
  };
}
