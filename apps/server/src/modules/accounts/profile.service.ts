import { AppError, AuthMode, ErrorCode, type UserInfo } from '@playhall/contract';
import { isUniqueViolation, withTx } from '../../db/tx.ts';
import type { AppUserRow } from '../../db/schema.ts';
import { balancesOf, getBalances, walletExpr } from '../ledger/ledger.service.ts';
import { playerGameDataExpr, type PlayerGameData } from '../games/catalogue.service.ts';
import { insertDomainEvent } from '../events/domain-events.service.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import { accountLockedError, withSmsCode, type AccountDeps } from './auth.service.ts';
import { clearAttempts, createAttemptLimiter, LOGIN_ATTEMPTS } from './attempt-limits.service.ts';
import { checkLength, requireField } from './limits.ts';
import { readPhone } from './phone.ts';
import { toUserInfo } from './user-view.ts';
import * as users from './users.repo.ts';

export function createProfileService(deps: AccountDeps) {
  const { db, clock, hasher, sessions } = deps;
  const attempts = createAttemptLimiter(deps);
  // The hot reads, one statement each (the player, their balances and, after login, their game lists).
  const readUser = users.prepareUserRead(db, 'profile_user', (id) => ({ wallet: walletExpr(id) }));
  const readAfterLogin = users.prepareUserRead(db, 'profile_after_login', (id) => ({ wallet: walletExpr(id), games: playerGameDataExpr(id) }));

  async function loadUser(userId: number): Promise<AppUserRow> {
    const user = await users.findUserById(db, userId);
    // A session whose user vanished is as good as no session.
    if (!user) throw new AppError(ErrorCode.unauthorized);
    return user;
  }

  return {
    /** The logged-in player's own view, in one statement. */
    async getUser(session: SessionInfo): Promise<UserInfo> {
      const row = await readUser(session.userId);
      // A session whose user vanished is as good as no session.
      if (!row) throw new AppError(ErrorCode.unauthorized);
      return toUserInfo(row.user, balancesOf(row.wallet), clock.now());
    },

    /** getAfterLoginInfoWeb's player part: their view and game lists, in one statement. */
    async afterLogin(session: SessionInfo): Promise<{ user: UserInfo; appGameDataUser: PlayerGameData }> {
      const row = await readAfterLogin(session.userId);
      if (!row) throw new AppError(ErrorCode.unauthorized);
      return { user: toUserInfo(row.user, balancesOf(row.wallet), clock.now()), appGameDataUser: row.games };
    },

    /** refreshData: balances and level, in one statement; without a session errcode 401 and no balances. */
    async refreshData(session: SessionInfo | null) {
      if (!session) return { errcode: ErrorCode.unauthorized };
      const row = await readUser(session.userId);
      if (!row) return { errcode: ErrorCode.unauthorized };
      const info = toUserInfo(row.user, balancesOf(row.wallet), clock.now());
      const { coin, safebox, bet, exchange, totalRecharge, lottery, vip, vipExp, userLevel, hasPassword } = info;
      return { errcode: 0, coin, safebox, bet, exchange, totalRecharge, lottery, vip, vipExp, userLevel, hasPassword };
    },

    /** forgetPassword: a code sent with purpose forget sets a new password and revokes every session. */
    async resetPassword(input: { mobile: string; code: string; password: string }): Promise<Record<string, never>> {
      const config = await deps.getConfig();
      checkLength('password', 'Password', input.password, config.passwordLength);
      const mobile = readPhone(input.mobile, config);
      const passwordHash = await hasher.hash(input.password);
      await withSmsCode(deps, mobile, AuthMode.forget, input.code, async (tx) => {
        const user = await users.findUserByMobile(tx, mobile);
        if (!user) throw new AppError(ErrorCode.phoneNotFound);
        await users.updateUser(tx, user.id, { passwordHash, updatedAt: clock.now() });
        // Proving the phone also lifts a lockout: that is the way out the FAQ promises.
        await clearAttempts(tx, [LOGIN_ATTEMPTS], String(user.id), clock.now());
        await sessions.revokeAllOf(tx, user.id);
      });
      return {};
    },

    /**
     * initPassword: sets a first password, or changes it given the current one. Every other
     * session is revoked; this one stays. Guesses at the current password spend the login's
     * attempts (LOGIN_ATTEMPTS), so a stolen session cannot guess its way to the account.
     */
    async setPassword(session: SessionInfo, input: { password: string; oldPassword?: string }): Promise<Record<string, never>> {
      const config = await deps.getConfig();
      checkLength('password', 'Password', input.password, config.passwordLength);
      const user = await loadUser(session.userId);
      if (user.passwordHash) {
        if (!input.oldPassword) requireField('oldPassword', 'The current password');
        const [hash, oldPassword] = [user.passwordHash, input.oldPassword];
        const outcome = await attempts.check(LOGIN_ATTEMPTS, String(user.id), () => hasher.verify(hash, oldPassword));
        if (outcome.lockedUntil) throw accountLockedError(outcome.lockedUntil, clock.now());
        if (!outcome.passed) {
          const left = outcome.triesLeft;
          throw new AppError(ErrorCode.wrongOldPassword, `The current password is wrong: ${left} ${left === 1 ? 'try' : 'tries'} left before the account is locked`, {
            triesLeft: left,
          });
        }
      }
      const passwordHash = await hasher.hash(input.password);
      await withTx(db, async (tx) => {
        await users.updateUser(tx, user.id, { passwordHash, updatedAt: clock.now() });
        await sessions.revokeAllOf(tx, user.id, session.sessionId);
      });
      return {};
    },

    /** bindAccount: binds a phone (code sent with purpose bind) to an account that has none. */
    async bindPhone(session: SessionInfo, input: { mobile: string; code: string }): Promise<{ user: UserInfo }> {
      const mobile = readPhone(input.mobile, await deps.getConfig());
      const me = await loadUser(session.userId);
      if (me.mobile) throw new AppError(ErrorCode.alreadyBound);
      const updated = await withSmsCode(deps, mobile, AuthMode.bind, input.code, async (tx) => {
        if (await users.findUserByMobile(tx, mobile)) throw new AppError(ErrorCode.phoneExists);
        const bound = await users.updateUser(tx, me.id, { mobile, updatedAt: clock.now() });
        await insertDomainEvent(tx, 'account.phone_bound', { userId: me.id }, clock.now());
        return bound;
      }).catch((err: unknown) => {
        if (err instanceof AppError) throw err;
        // Lost a race for the same phone number against another account.
        throw isUniqueViolation(err) ? new AppError(ErrorCode.phoneExists) : err;
      });
      return { user: toUserInfo(updated, await getBalances(db, updated.id), clock.now()) };
    },

    /** updateProfile: nickname (configured usernameLength) and/or avatar number. */
    async updateProfile(session: SessionInfo, input: { nickname?: string; avatar?: number }): Promise<{ user: UserInfo }> {
      if (input.nickname === undefined && input.avatar === undefined) requireField('nickname', 'A nickname or an avatar');
      const config = await deps.getConfig();
      if (input.nickname !== undefined) checkLength('nickname', 'Nickname', input.nickname, config.usernameLength);
      const patch = {
        ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
        ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
        updatedAt: clock.now(),
      };
      const user = await users.updateUser(db, session.userId, patch);
      return { user: toUserInfo(user, await getBalances(db, user.id), clock.now()) };
    },

    /** logout: revokes this session only. */
    async logout(session: SessionInfo): Promise<Record<string, never>> {
      await sessions.revoke(session.sessionId);
      return {};
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
