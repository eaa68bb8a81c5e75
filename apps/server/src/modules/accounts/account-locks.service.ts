import { AppError, ErrorCode, parsePhoneInput, type AppConfigFields } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { insertAudit } from '../staff-audit/staff-audit.service.ts';
import { clearAttempts, LOGIN_ATTEMPTS } from './attempt-limits.service.ts';
import * as users from './users.repo.ts';

export interface UnlockResult {
  userId: number;
  account: string | null;
  mobile: string | null;
  /** When the lock that was lifted would have ended; null when the account was not locked. */
  wasLockedUntil: string | null;
}

/**
 * Staff's way out of a login lockout that needs no phone (decision 015): support checks who the
 * player is, then lifts the lock and forgets the counted failures. Audited with who did it.
 */
export function createAccountLocksService(deps: { db: Db; clock: Clock; getConfig: () => Promise<AppConfigFields> }) {
  const { db, clock, getConfig } = deps;
  return {
    /**
     * `player` is an account name, a phone number (read with the contract's phone rule, as the
     * player typed it at login: `+55 11 98765-4321`, `(11) 98765-4321`, `5511987654321`), or `#<user id>`.
     */
    async unlock(player: string, operator: string): Promise<UnlockResult> {
      const id = /^#\d{1,15}$/.test(player) ? Number(player.slice(1)) : null;
      const phone = id === null ? parsePhoneInput(player, { countryCode: (await getConfig()).countryCode }) : null;
      return withTx(db, async (tx) => {
        const user =
          id !== null
            ? await users.findUserById(tx, id)
            : ((await users.findUserByAccount(tx, player)) ?? (phone?.ok ? await users.findUserByMobile(tx, phone.digits) : null));
        if (!user) throw new AppError(ErrorCode.notFound, `No player ${player}: give an account name, a phone number or #<user id>`);
        const now = clock.now();
        const [lifted] = await clearAttempts(tx, [LOGIN_ATTEMPTS], String(user.id), now);
        const wasLockedUntil = lifted?.lockedUntil?.toISOString() ?? null;
        await insertAudit(tx, { actor: operator, action: 'account.unlock', target: `app_user:${user.id}`, details: { wasLockedUntil }, at: now });
        return { userId: user.id, account: user.account, mobile: user.mobile, wasLockedUntil };
      });
    },
  };
}

export type AccountLocksService = ReturnType<typeof createAccountLocksService>;
