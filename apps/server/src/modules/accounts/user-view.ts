import type { UserInfo } from '@playhall/contract';
import type { AppUserRow } from '../../db/schema.ts';
import { DAY } from '../../lib/clock.ts';
import type { PlayerBalances } from '../ledger/ledger.types.ts';

/**
 * The player's own view of their account. Never carries hashes. The mobile is sent whole: only
 * its owner receives it. `regPeriod` is whole days since registration. Balances come from the
 * ledger (getBalances), never from app_user.
 */
export function toUserInfo(row: AppUserRow, wallet: PlayerBalances, now: Date): UserInfo {
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
    coin: wallet.coin,
    safebox: wallet.safebox,
    bet: wallet.bet,
    exchange: wallet.exchange,
    totalRecharge: wallet.totalRecharge,
    lottery: wallet.lottery,
    vip: row.vip,
    vipExp: Number(row.vipExp),
    userLevel: row.userLevel,
    pid: row.pid,
    regPeriod: Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / DAY)),
    inviteCode: row.inviteCode,
  };
}
