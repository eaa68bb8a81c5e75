import { AppError, BetRecordDays, ErrorCode, type BetReportRow, type BetRound } from '@playhall/contract';
import type { z } from 'zod';
import type { providerBalance } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { DAY, type Clock } from '../../lib/clock.ts';
import { toMoney } from '../../lib/money.ts';
import * as repo from './bet-records.repo.ts';
import type { GameSessionsService } from './game-sessions.service.ts';

type ProviderBalance = z.input<typeof providerBalance>;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The inclusive day range [from, to] (UTC) as [start, end). Defaults: the last 90 days up to
 * today. Refused with 4004 when it starts more than 90 days back or ends before it starts.
 */
export function recordRange(now: Date, from?: string, to?: string): { from: string; to: string; start: Date; end: Date } {
  const today = dayOf(now);
  const earliest = dayOf(new Date(startOf(today).getTime() - BetRecordDays * DAY));
  const f = from ?? earliest;
  const t = to ?? today;
  if (f < earliest || f > t) throw new AppError(ErrorCode.betRecordRangeInvalid);
  return { from: f, to: t, start: startOf(f), end: new Date(startOf(t).getTime() + DAY) };
}

/** A round as the player sees it; a round whose every bet was rolled back reads rolledBack even before it ends. */
function toBetRound(r: repo.RoundRecordRow): BetRound {
  const bet = toMoney(r.bet_total);
  const win = toMoney(r.win_total);
  const voided = r.bet_count > 0 && r.bet_count === r.rolled_back_count;
  return {
    roundId: `${r.platform_code}:${r.provider_round_id}`,
    gameId: r.game_id,
    gameName: r.game_name ?? '',
    typeId: r.type_id,
    platformName: r.platform_name,
    bet,
    win,
    net: toMoney(BigInt(r.win_total) - BigInt(r.bet_total)),
    status: r.status === 'open' && voided ? 'rolledBack' : r.status,
    startedAt: new Date(r.started_at).toISOString(),
    endedAt: r.ended_at === null ? null : new Date(r.ended_at).toISOString(),
  };
}

/**
 * Bet records (betRecord, betRecordReport) and provider balances (gameBalanceList,
 * retrieveBalance). The player always comes from the session, never from the request.
 */
export function createBetRecordsService(deps: { db: Db; clock: Clock; sessions: GameSessionsService }) {
  const { db, clock, sessions } = deps;

  async function balances(userId: number): Promise<ProviderBalance[]> {
    const [platforms, open] = await Promise.all([repo.enabledPlatforms(db), sessions.openCounts(userId)]);
    return platforms.map((p) => ({
      platformId: p.id,
      name: p.name,
      walletMode: p.wallet_mode,
      // Seamless providers hold nothing of ours. No transfer-wallet provider is integrated yet, so
      // none holds coins either; its integration will ask the provider here.
      balance: p.wallet_mode === 'seamless' ? null : 0,
      openSessions: open.get(p.id) ?? 0,
    }));
  }

  return {
    /** The player's rounds, newest first, paged; optional day range and game type. */
    async list(userId: number, q: { pageNum: number; pageSize: number; from?: string; to?: string; typeId?: number }) {
      const range = recordRange(clock.now(), q.from, q.to);
      const page = { start: range.start, end: range.end, typeId: q.typeId };
      const found = await repo.roundsOf(db, userId, { ...page, limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
      // Past the last page no row carries the count: ask for the first row alone.
      const total = found[0] ? Number(found[0].total) : q.pageNum > 1 ? Number((await repo.roundsOf(db, userId, { ...page, limit: 1, offset: 0 }))[0]?.total ?? 0) : 0;
      return { list: found.map(toBetRound), pageNum: q.pageNum, pageSize: q.pageSize, total, pages: Math.ceil(total / q.pageSize) };
    },

    /** Per UTC day and game type: rounds, bet, win, net; newest day first; with totals. */
    async report(userId: number, q: { from?: string; to?: string }) {
      const range = recordRange(clock.now(), q.from, q.to);
      const found = await repo.dailyReport(db, userId, range);
      let rounds = 0;
      let bet = 0n;
      let win = 0n;
      const list = found.map((r): BetReportRow => {
        rounds += r.rounds;
        bet += BigInt(r.bet);
        win += BigInt(r.win);
        return {
          date: r.day,
          typeId: r.type_id,
          typeName: r.type_name ?? 'Other',
          rounds: r.rounds,
          bet: toMoney(r.bet),
          win: toMoney(r.win),
          net: toMoney(BigInt(r.win) - BigInt(r.bet)),
        };
      });
      return { rows: list, totals: { rounds, bet: toMoney(bet), win: toMoney(win), net: toMoney(win - bet) }, from: range.from, to: range.to };
    },

    /** Per enabled provider: wallet mode, the balance held there and the player's open sessions. */
    async providerBalances(userId: number) {
      return { list: await balances(userId) };
    },

    /**
     * Brings coins back from providers. Seamless ones hold nothing, so this closes the player's
     * open sessions there (a game left open elsewhere stops taking bets) and retrieves 0.
     */
    async retrieve(userId: number, platformId?: number) {
      if (platformId !== undefined && !(await repo.enabledPlatforms(db)).some((p) => p.id === platformId)) {
        throw new AppError(ErrorCode.notFound, 'Unknown game provider');
      }
      const closedSessions = await sessions.closeAtPlatform(userId, platformId);
      return { retrieved: toMoney(0), closedSessions, list: await balances(userId) };
    },
  };
}
export type BetRecordsService = ReturnType<typeof createBetRecordsService>;
