import type { UserInfo } from '@playhall/contract';
import type { AppUserRow } from '../../db/schema.ts';
import { DAY } from '../../lib/clock.ts';
import { toMoney } from '../../lib/money.ts';

/**
 * The player's own view of their account. Never carries hashes. The mobile is sent whole: only
 * its owner receives it. `regPeriod` is whole days since registration. `exchange` (withdrawable)
 * equals coin until wagering arrives with the ledger.
 */
export function toUserInfo(row: AppUserRow, now: Date): UserInfo {
  return {
    id: row.id,
    uuid: row.uuid,
    account: row.account,
    accountType: row.accountType,
    nickname: row.nickname,
    avatar: row.avatar,
    avatarOther: row.avatarOther,
    mobile: row.mobile,
    facebookAccount: row.facebookAccount,
    googleAccount: row.googleAccount,
    lineAccount: row.lineAccount,
    hasPassword: row.passwordHash !== null,
    hasSafeboxPassword: row.safeboxPasswordHash !== null,
    hasKyc: row.hasKyc,
    hasUserOther: Boolean(row.facebookAccount || row.googleAccount || row.lineAccount),
    coin: toMoney(row.coin),
    safebox: toMoney(row.safebox),
    bet: toMoney(row.bet),
    exchange: toMoney(row.coin),
    totalRecharge: toMoney(row.totalRecharge),
    lottery: row.lottery,
    vip: row.vip,
    vipExp: Number(row.vipExp),
    userLevel: row.userLevel,
    pid: row.pid,
    regPeriod: Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / DAY)),
    inviteCode: row.inviteCode,
  };
}
