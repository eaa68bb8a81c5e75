import { randomUUID } from 'node:crypto';
import { AppError, AuthMode, ErrorCode, LoginType, type AppConfigFields, type SessionResult } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, withTx, type Executor, type Tx } from '../../db/tx.ts';
import type { AppUserRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE } from '../../lib/clock.ts';
import { newInviteCode, type PasswordHasher } from '../../lib/secrets.ts';
import type { SessionMeta, SessionService } from './sessions.service.ts';
import { normalizeMobile, type SmsService } from './sms.service.ts';
import { canRegisterWithAccount, canRegisterWithPhone, checkLength, requireField } from './limits.ts';
import { toUserInfo } from './user-view.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import * as users from './users.repo.ts';

export const LOCKOUT = { maxFailures: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };

export interface AccountDeps {
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  sessions: SessionService;
  sms: SmsService;
  getConfig: () => Promise<AppConfigFields>;
}

/**
 * Runs fn in a transaction after consuming a valid SMS code. A wrong code still commits its
 * counted try (the transaction returns the error instead of throwing); an error thrown by fn
 * rolls everything back, so the code stays usable.
 */
export async function withSmsCode<T>(deps: AccountDeps, mobile: string, purpose: number, code: string, fn: (tx: Tx) => Promise<T>) {
  const outcome = await withTx(deps.db, async (tx) => {
    const check = await deps.sms.check(tx, mobile, purpose, code);
    if (!check.ok) return { error: check.error };
    return { value: await fn(tx) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

async function resolveInviter(x: Executor, inviteCode: string | undefined): Promise<number | null> {
  if (!inviteCode) return null;
  const pid = await users.findUserIdByInviteCode(x, inviteCode);
  if (pid === null) throw new AppError(ErrorCode.inviteCodeInvalid);
  return pid;
}

async function uniqueInviteCode(x: Executor): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const code = newInviteCode();
    if ((await users.findUserIdByInviteCode(x, code)) === null) return code;
  }
  throw new Error('could not find a free invite code');
}

/** Translates a lost race on a unique index into the error the pre-check would have given. */
function mapUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err, 'app_user_account_uq')) throw new AppError(ErrorCode.accountExists);
  if (isUniqueViolation(err, 'app_user_mobile_uq')) throw new AppError(ErrorCode.phoneExists);
  throw err;
}

export function createAuthService(deps: AccountDeps) {
  const { db, clock, hasher, sessions } = deps;
  // A hash of nothing anyone knows, checked for unknown accounts so timing does not reveal them.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hasher.hash(randomUUID()));

  async function createUser(
    tx: Tx,
    v: { account?: string; mobile?: string; passwordHash: string | null; accountType: number; inviteCode?: string; deviceId?: string; ip: string | null },
  ): Promise<AppUserRow> {
    const pid = await resolveInviter(tx, v.inviteCode);
    const now = clock.now();
    return users.insertUser(tx, {
      uuid: randomUUID(),
      account: v.account ?? null,
      mobile: v.mobile ?? null,
      passwordHash: v.passwordHash,
      nickname: v.account ?? `Player${(v.mobile ?? '').slice(-4)}`,
      accountType: v.accountType,
      inviteCode: await uniqueInviteCode(tx),
      pid,
      registerIp: v.ip,
      deviceId: v.deviceId ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }

  async function sessionFor(tx: Tx, user: AppUserRow, meta: SessionMeta, isNew: boolean): Promise<SessionResult> {
    const { token } = await sessions.issue(tx, user.id, meta);
    return { token, user: toUserInfo(user, await getBalances(tx, user.id), clock.now()), isNew };
  }

  return {
    /** accountRegist: account name + password (register type 2). */
    async registerWithAccount(
      input: { account: string; password: string; inviteCode?: string; deviceId?: string },
      meta: SessionMeta,
    ): Promise<SessionResult> {
      const config = await deps.getConfig();
      if (!canRegisterWithAccount(config)) throw new AppError(ErrorCode.registerTypeDisabled);
      checkLength('account', 'Account', input.account, config.accountLength);
      checkLength('password', 'Password', input.password, config.passwordLength);
      const passwordHash = await hasher.hash(input.password);
      return withTx(db, async (tx) => {
        if (await users.findUserByAccount(tx, input.account)) throw new AppError(ErrorCode.accountExists);
        const user = await createUser(tx, { ...input, passwordHash, accountType: LoginType.account, ip: meta.ip });
        return sessionFor(tx, user, meta, true);
      }).catch(mapUniqueViolation);
    },

    /** accountRegist4: phone + password, with an SMS code (purpose register) when otpStatus is on. */
    async registerWithPhone(
      input: { mobile: string; code?: string; password: string; inviteCode?: string; deviceId?: string },
      meta: SessionMeta,
    ): Promise<SessionResult> {
      const config = await deps.getConfig();
      if (!canRegisterWithPhone(config)) throw new AppError(ErrorCode.registerTypeDisabled);
      checkLength('password', 'Password', input.password, config.passwordLength);
      const mobile = normalizeMobile(input.mobile);
      // Checked before the code too, so a taken phone does not spend one of the code's tries.
      if (await users.findUserByMobile(db, mobile)) throw new AppError(ErrorCode.phoneExists);
      const passwordHash = await hasher.hash(input.password);
      const register = async (tx: Tx) => {
        if (await users.findUserByMobile(tx, mobile)) throw new AppError(ErrorCode.phoneExists);
        const accountType = config.otpStatus ? LoginType.phone : LoginType.phoneNoOtp;
        const user = await createUser(tx, { ...input, mobile, passwordHash, accountType, ip: meta.ip });
        return sessionFor(tx, user, meta, true);
      };
      if (!config.otpStatus) return withTx(db, register).catch(mapUniqueViolation);
      if (!input.code) requireField('code', 'The SMS code');
      checkLength('code', 'The SMS code', input.code, config.smsCodeLength);
      return withSmsCode(deps, mobile, AuthMode.register, input.code, register).catch(mapUniqueViolation);
    },

    /**
     * accountLogin: account (type 2) or phone (type 3) with password. Ten failures in 15 minutes
     * lock the account for 15 minutes, during which even the right password is refused.
     */
    async loginWithPassword(
      input: { account: string; password: string; loginType?: number; deviceId?: string },
      meta: SessionMeta,
    ): Promise<SessionResult> {
      const byPhone = input.loginType === LoginType.phoneNoOtp;
      let user = byPhone ? await users.findUserByMobile(db, normalizeMobile(input.account)) : await users.findUserByAccount(db, input.account);
      if (!user && input.loginType === undefined && /^\+?\d{6,15}$/.test(input.account)) {
        user = await users.findUserByMobile(db, normalizeMobile(input.account));
      }
      if (!user) {
        // Same work as a real check so response time does not reveal which accounts exist.
        await hasher.verify(await getDummyHash(), input.password);
        throw new AppError(ErrorCode.invalidCredentials);
      }
      if (user.status !== 1) throw new AppError(ErrorCode.accountDisabled);
      const now = clock.now();
      if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) throw new AppError(ErrorCode.accountLocked);
      if (!user.passwordHash) throw new AppError(ErrorCode.passwordNotSet);
      if (!(await hasher.verify(user.passwordHash, input.password))) {
        const locked = await users.recordLoginFailure(
          db,
          user.id,
          now,
          LOCKOUT.windowMs,
          LOCKOUT.maxFailures,
          new Date(now.getTime() + LOCKOUT.lockMs),
        );
        throw new AppError(locked ? ErrorCode.accountLocked : ErrorCode.invalidCredentials);
      }
      const found = user;
      return withTx(db, async (tx) => {
        await users.clearLoginFailures(tx, found.id);
        return sessionFor(tx, found, { ...meta, deviceId: input.deviceId ?? meta.deviceId }, false);
      });
    },

    /**
     * accountLoginSms: phone + code sent with loginAndRegister (3). With type 3 a new phone gets an
     * account; otherwise an unknown phone is refused and the code stays usable.
     */
    async loginWithSms(
      input: { mobile: string; code: string; type?: number; inviteCode?: string; deviceId?: string },
      meta: SessionMeta,
    ): Promise<SessionResult> {
      const config = await deps.getConfig();
      const mobile = normalizeMobile(input.mobile);
      return withSmsCode(deps, mobile, AuthMode.loginAndRegister, input.code, async (tx) => {
        const existing = await users.findUserByMobile(tx, mobile);
        if (existing) {
          if (existing.status !== 1) throw new AppError(ErrorCode.accountDisabled);
          return sessionFor(tx, existing, meta, false);
        }
        if (input.type !== AuthMode.loginAndRegister) throw new AppError(ErrorCode.phoneNotFound);
        if (!canRegisterWithPhone(config)) throw new AppError(ErrorCode.registerTypeDisabled);
        const user = await createUser(tx, { ...input, mobile, passwordHash: null, accountType: LoginType.phone, ip: meta.ip });
        return sessionFor(tx, user, meta, true);
      }).catch(mapUniqueViolation);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
