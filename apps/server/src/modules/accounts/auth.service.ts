import { randomUUID } from 'node:crypto';
import { AppError, AuthMode, ErrorCode, LoginType, parsePhoneInput, type AppConfigFields, type SessionResult } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, withTx, type Executor, type Tx } from '../../db/tx.ts';
import type { AppUserRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newInviteCode, sha256, type PasswordHasher } from '../../lib/secrets.ts';
import type { SessionMeta, SessionService } from './sessions.service.ts';
import { normalizeMobile, type SmsService } from './sms.service.ts';
import { canRegisterWithAccount, canRegisterWithPhone, checkLength, requireField } from './limits.ts';
import { toUserInfo } from './user-view.ts';
import { readPhone } from './phone.ts';
import { createAttemptLimiter, LOGIN_ATTEMPTS, lockEndText, UNKNOWN_LOGIN_ATTEMPTS } from './attempt-limits.service.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { insertDomainEvent } from '../events/domain-events.service.ts';
import * as users from './users.repo.ts';

/** Guessed names are kept only as hashes; unknown names have their own scope so ended rows can be swept. */
const unknownLoginKey = (name: string) => sha256(name.toLowerCase());

/** The lockout refusal, saying when it ends and the ways out that need no waiting. */
export function accountLockedError(until: Date, now: Date): AppError {
  return new AppError(
    ErrorCode.accountLocked,
    `Too many wrong passwords: this account is locked ${lockEndText(until, now)}. Reset the password by SMS, or ask support to unlock it sooner`,
    { lockedUntil: until.toISOString() },
  );
}

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
  const attempts = createAttemptLimiter(deps);
  // A hash of nothing anyone knows, checked for unknown accounts so timing does not reveal them.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hasher.hash(randomUUID()));

  async function createUser(
    tx: Tx,
    v: { account?: string; mobile?: string; passwordHash: string | null; accountType: number; inviteCode?: string; deviceId?: string; ip: string | null },
  ): Promise<AppUserRow> {
    const pid = await resolveInviter(tx, v.inviteCode);
    const now = clock.now();
    const user = await users.insertUser(tx, {
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
    if (user.mobile) await insertDomainEvent(tx, 'account.phone_bound', { userId: user.id }, now);
    return user;
  }

  async function sessionFor(tx: Tx, user: AppUserRow, meta: SessionMeta, isNew: boolean): Promise<SessionResult> {
    const { token } = await sessions.issue(tx, user.id, meta);
    await insertDomainEvent(tx, 'account.logged_in', { userId: user.id }, clock.now());
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
      const mobile = readPhone(input.mobile, config);
      // With codes on, the code is checked before the phone, so the answer says nothing about
      // whether the phone is registered until the caller proves they hold it.
      const code = config.otpStatus ? input.code || requireField('code', 'The SMS code') : undefined;
      if (code !== undefined) checkLength('code', 'The SMS code', code, config.smsCodeLength);
      const passwordHash = await hasher.hash(input.password);
      const register = async (tx: Tx) => {
        if (await users.findUserByMobile(tx, mobile)) throw new AppError(ErrorCode.phoneExists);
        const accountType = config.otpStatus ? LoginType.phone : LoginType.phoneNoOtp;
        const user = await createUser(tx, { ...input, mobile, passwordHash, accountType, ip: meta.ip });
        return sessionFor(tx, user, meta, true);
      };
      if (code === undefined) return withTx(db, register).catch(mapUniqueViolation);
      return withSmsCode(deps, mobile, AuthMode.register, code, register).catch(mapUniqueViolation);
    },

    /**
     * accountLogin: account (type 2) or phone (type 3) with password. Every try on a known account
     * is counted before the password is checked (LOGIN_ATTEMPTS, shared with initPassword): ten
     * failures in 15 minutes lock it for 15 minutes, during which even the right password is
     * refused. An account without a password answers like a wrong password.
     */
    async loginWithPassword(
      input: { account: string; password: string; loginType?: number; deviceId?: string },
      meta: SessionMeta,
    ): Promise<SessionResult> {
      const byPhone = input.loginType === LoginType.phoneNoOtp;
      // A phone login reads the number with the phone rule (refusing nonsense before anything is
      // counted); an account login that names no account may still be a phone typed in its field.
      const config = byPhone || input.loginType === undefined ? await deps.getConfig() : null;
      const phone = byPhone && config ? readPhone(input.account, config, 'account') : null;
      let user = phone !== null ? await users.findUserByMobile(db, phone) : await users.findUserByAccount(db, input.account);
      if (!user && input.loginType === undefined && config && /^\+?[\d\s().-]{6,24}$/.test(input.account)) {
        const asPhone = parsePhoneInput(input.account, { countryCode: config.countryCode });
        if (asPhone.ok) user = await users.findUserByMobile(db, asPhone.digits);
      }
      if (user && user.status !== 1) throw new AppError(ErrorCode.accountDisabled);
      const hash = user?.passwordHash;
      // An unknown name is counted and locked like an account, and checked against a hash no one
      // knows, so neither the answers nor their timing tell whether the account exists.
      const [rule, key] = user
        ? [LOGIN_ATTEMPTS, String(user.id)]
        : [UNKNOWN_LOGIN_ATTEMPTS, unknownLoginKey(phone ?? (/^\+?\d{6,15}$/.test(input.account) ? normalizeMobile(input.account) : input.account))];
      await attempts.sweep(UNKNOWN_LOGIN_ATTEMPTS);
      const outcome = await attempts.check(rule, key, async () =>
        hash ? hasher.verify(hash, input.password) : (await hasher.verify(await getDummyHash(), input.password)) && false,
      );
      if (outcome.lockedUntil) throw accountLockedError(outcome.lockedUntil, clock.now());
      if (!outcome.passed || !user) throw new AppError(ErrorCode.invalidCredentials);
      const found = user;
      return withTx(db, (tx) => sessionFor(tx, found, { ...meta, deviceId: input.deviceId ?? meta.deviceId }, false));
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
      const mobile = readPhone(input.mobile, config);
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
