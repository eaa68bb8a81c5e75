import {
  ActivityType,
  AppError,
  awardOf,
  ErrorCode,
  getJackpotDrawInfoEndpoint,
  getJackpotRankEndpoint,
  getPersonJackpotDrawAwardLogEndpoint,
  JackpotAwardType,
  JackpotTiers,
  jackpotVerifyPath,
  MaxCallAmount,
  receiveDrawChanceEndpoint,
  type JackpotDrawProof,
  type JackpotTier,
  type JackpotWinner,
  type LiveJackpotMessage,
  type LiveJackpotPools,
} from '@playhall/contract';
import { pickWeighted } from '@playhall/fairness';
import { withTx, type Executor, type Tx } from '../../../../db/tx.ts';
import { must } from '../../../../plugins/app/endpoints.ts';
import { defineConsumer } from '../../../events/domain-events.service.ts';
import { drawFloats, revealedServerSeeds } from '../../../fairness/fairness.service.ts';
import { houseBalances, transferIn } from '../../../ledger/ledger.service.ts';
import { award } from '../../award.service.ts';
import { dayIn } from '../../calendar.ts';
import { assertEligible } from '../../eligibility.ts';
import * as rewards from '../../rewards.repo.ts';
import type { Activity, ActivityKind, KindContext } from '../kind.ts';
import * as repo from './jackpot.repo.ts';
import { accrue, chancesOf, jackpotSettings, m, publishedTable, sectionOf, tableOf, tierOf, type ChanceFacts, type JackpotSettings } from './jackpot.rules.ts';

/**
 * The lucky jackpot (activity 47, issue 18, decision 050). Four pools (Mega 50001, Major 50002,
 * Minor 50003, Mini 50004) are house books of the ledger, grown by a share of valid bets (the
 * `rewards.jackpot.pools` consumer of `game.round_settled`, set-based per batch), paid whole on a hit
 * through `award()` and restarted from a seed funded from promotion. Chances come from credited
 * deposits (`rewards.jackpot.chances`) and the operator's day's valid bet; a draw takes one, draws
 * one provably fair float (the fairness service, scope 'jackpot') and picks the table's entry with
 * `pickWeighted`; the draw is recorded with what verifying it needs.
 */
type Jackpot = Activity<JackpotSettings>;

const NAME = 'jackpot';
const book = (tier: JackpotTier) => `jackpot:${tier}` as const;
const BOOKS = JackpotTiers.map((t) => book(t.tier));
/** How many latest real wins getJackpotDrawInfo lists. */
const WINNERS = 20;

/** The running lucky jackpot at `now`, read in a consumer's transaction (its settings as checked on save). */
async function runningJackpot(tx: Executor, now: Date): Promise<Jackpot | null> {
  const row = (await rewards.runningActivities(tx, now, ActivityType.luckyJackpot))[0];
  const parsed = row && jackpotSettings.safeParse(row.settings);
  return row && parsed?.success ? { ...row, settings: parsed.data } : null;
}

/** Moves `amount` from promotion into a pool as its next seed (key jackpot_seed:<tier>:<n>), and counts it. */
async function fundSeed(tx: Executor, a: Jackpot, tier: JackpotTier, n: number, amount: number, now: Date): Promise<void> {
  await transferIn(tx, {
    idempotencyKey: `jackpot_seed:${tier}:${n}`,
    reason: 'jackpot_seed',
    reference: `activity:${a.id}`,
    at: now,
    entries: [
      { account: { house: 'promotion' }, asset: 'coin', amount: -amount },
      { account: { house: book(tier) }, asset: 'coin', amount },
    ],
  });
  await repo.recordSeed(tx, tier, amount, now);
}

/** Seeds every pool never seeded (the first time an activity runs), under the pools' locks. */
async function seedNew(tx: Executor, a: Jackpot, now: Date): Promise<void> {
  const rows = await repo.pools(tx, JackpotTiers.map((t) => t.tier), true);
  for (const p of rows) if (p.seeds === 0) await fundSeed(tx, a, p.tier, 1, a.settings.tiers[p.tier].seed, now);
}

/**
 * A hit of `tier` (decision 050): under the pool's row lock (a second hit waits, then pays what is
 * there after the first one's restart), the whole pool is paid through award() (at most
 * MaxCallAmount: the rest stays), then the pool is topped up to its seed from promotion.
 */
async function payHit(tx: Executor, a: Jackpot, userId: number, tier: JackpotTier, propId: number, key: string, now: Date) {
  const [pool] = await repo.pools(tx, [tier], true);
  let seeds = pool!.seeds;
  const seed = a.settings.tiers[tier].seed;
  if (seeds === 0) await fundSeed(tx, a, tier, ++seeds, seed, now);
  const balance = (await houseBalances(tx, [book(tier)])).get(book(tier))!;
  const amount = Math.min(balance, MaxCallAmount);
  if (amount < 1) throw new Error(`jackpot: pool ${tier} holds ${balance}, nothing to pay`);
  const paid = await award(tx, { userId, awardId: propId, count: amount, reason: `reward_${NAME}`, key, multiplier: a.settings.multiplier, activityId: a.id, at: now });
  await repo.recordHit(tx, tier, amount, now);
  const left = balance - amount;
  if (left < seed) await fundSeed(tx, a, tier, ++seeds, seed - left, now);
  return paid;
}

/** What verifying a draw needs; `serverSeed` once the player rotated the pair (the verify link then carries it). */
const proofOf = (d: { seedId: number; serverSeedHash: string; clientSeed: string; nonce: number; tableIds: number[]; weights: number[]; idx: number }, serverSeed: string | null = null): JackpotDrawProof => ({
  seedId: d.seedId,
  serverSeedHash: d.serverSeedHash,
  clientSeed: d.clientSeed,
  nonce: d.nonce,
  tableIds: d.tableIds,
  weights: d.weights,
  index: d.idx,
  serverSeed,
  verifyPath: jackpotVerifyPath({ ...d, serverSeed }),
});

/** getJackpotDrawInfo's pool part, also what the live `jackpot` topic sends (decision 053). */
function poolsOf(a: Jackpot, balances: Map<string, number>): LiveJackpotPools {
  const pool = (t: JackpotTier) => m(balances.get(book(t)) ?? 0);
  const section = (t: JackpotTier) => ({ min: m(a.settings.tiers[t].section.min), max: m(a.settings.tiers[t].section.max) });
  return {
    activityId: a.id,
    total: m(BOOKS.reduce((s, b) => s + (balances.get(b) ?? 0), 0)),
    megaJackpot: pool('mega'),
    megaJackpotSection: section('mega'),
    majorJackpot: pool('major'),
    majorJackpotSection: section('major'),
    minorJackpot: pool('minor'),
    minorJackpotSection: section('minor'),
    miniJackpot: pool('mini'),
    miniJackpotSection: section('mini'),
  };
}

/** A real win as getJackpotDrawInfo's jackpotWinnerList and the live `jackpot` topic show it. */
const winnerOf = (a: Jackpot, w: repo.WinRow): JackpotWinner => ({
  id: w.id,
  nickname: w.nickname,
  avatar: w.avatar,
  propId: w.propId,
  type: JackpotAwardType.jackpot,
  amountSection: sectionOf(a.settings, w.count),
  count: m(w.count),
  updateTime: w.createdAt.toISOString(),
});

/** The coin an award credits (hundredths): its count for coin and tiers, 0 for points, liveness and coupons. */
const coinOf = (propId: number, count: number) => (awardOf(propId)?.asset === 'coin' ? count : 0);

/**
 * One draw, in one transaction (decision 050). Lock order (decisions 019, 045, 051): the promotion's
 * rows before the money, as the VIP claims do: the player's jackpot_player row (their draws go one at
 * a time), their fair_seed row (drawFloats), a pool's row on a hit, then the accounts the postings
 * take (the player's coin account before house books, ledger_post's order). Errors: 1002 not
 * running, 1003 a deposit needed, 1001 no chance left, 1004 too soon after the last draw.
 */
async function draw(ctx: KindContext, a: Jackpot, userId: number) {
  return withTx(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    try {
      await assertEligible(tx, a, userId, now);
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.activityNotRunning) throw new AppError(ErrorCode.jackpotNotRunning);
      throw err;
    }
    await repo.lockPlayer(tx, userId, now);
    const day = dayIn(ctx.timeZone, now);
    const c = chancesOf(a.settings, await repo.readFacts(tx, repo.factsExpr(userId, day)), day, now);
    if (c.needDeposit) throw new AppError(ErrorCode.jackpotDepositNeeded);
    if (c.total < 1) throw new AppError(ErrorCode.jackpotNoChance);
    if (c.nextDrawAt) throw new AppError(ErrorCode.jackpotTooFrequent);
    // Daily chances first: they end with the day, deposit chances do not.
    const source = c.daily > 0 ? 'bet' : 'deposit';
    await repo.takeChance(tx, userId, source, day, now);

    const fair = await drawFloats(tx, userId, 'jackpot', 1, now);
    const table = tableOf(a.settings);
    const weights = table.map((e) => e.weight);
    const idx = pickWeighted(fair.floats[0]!, weights);
    const entry = table[idx]!;
    const key = `${NAME}:${fair.seedId}:${fair.nonce}`;
    const paid =
      entry.type === JackpotAwardType.jackpot
        ? await payHit(tx, a, userId, tierOf(entry.propId), entry.propId, key, now)
        : await award(tx, { userId, awardId: entry.propId, count: entry.count, reason: `reward_${NAME}`, key, multiplier: a.settings.multiplier, activityId: a.id, at: now });
    const bonus = coinOf(entry.propId, paid.count);
    const d = {
      seedId: fair.seedId,
      serverSeedHash: fair.serverSeedHash,
      clientSeed: fair.clientSeed,
      nonce: fair.nonce,
      tableIds: table.map((e) => e.id),
      weights,
      idx,
    };
    const drawId = await repo.insertDraw(tx, {
      ...d,
      userId,
      activityId: a.id,
      source,
      configId: entry.id,
      type: entry.type,
      propId: entry.propId,
      count: paid.count,
      bonus,
      grantId: paid.grantId,
      at: now,
    });
    return { id: entry.id, type: entry.type, propId: entry.propId, count: paid.count, bonus: m(bonus), drawId, chances: c.total - 1, proof: proofOf(d) };
  });
}

/**
 * A short in-process memory of a value every player reads alike (the pools, the latest winners):
 * loaded at most once per `ms` of real time, and dropped by `drop()` (after this instance's draws).
 */
function shared<T>(ms: number, load: () => Promise<T>) {
  let held: { at: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      const now = performance.now();
      if (!held || now - held.at >= ms) {
        const value = load();
        const mine = { at: now, value };
        held = mine;
        value.catch(() => {
          if (held === mine) held = null;
        });
      }
      return held.value;
    },
    drop() {
      held = null;
    },
  };
}

export const jackpotKind: ActivityKind<JackpotSettings, ChanceFacts> = {
  type: ActivityType.luckyJackpot,
  name: NAME,
  settings: jackpotSettings,
  detail: (a) => ({
    awards: publishedTable(a.settings),
    tiers: Object.fromEntries(JackpotTiers.map((t) => [t.tier, { propId: t.propId, section: a.settings.tiers[t.tier].section, seed: a.settings.tiers[t.tier].seed }])),
    earn: a.settings.earn,
    needDeposit: a.settings.needDeposit,
    minIntervalMs: a.settings.minIntervalMs,
  }),

  dotFacts: (ctx, _a, userId, now) => repo.factsExpr(userId, dayIn(ctx.timeZone, now)),
  redDots(facts, ctx, a, now) {
    if (!facts) return { canReceiveDrawChance: false };
    const c = chancesOf(a.settings, facts, dayIn(ctx.timeZone, now), now);
    return { canReceiveDrawChance: c.total > 0 && !c.needDeposit };
  },

  consumers: (ctx) => [
    defineConsumer({
      name: 'rewards.jackpot.pools',
      events: ['game.round_settled'],
      // A batch costs a few statements whatever its size: large batches keep that small per round.
      batchSize: 1_000,
      /**
       * Per batch (decision 050): the batch's valid bet (settled rounds' stakes) times each pool's
       * share, accrued exactly with the rest below a hundredth kept in jackpot_pool, the whole
       * hundredths moved from promotion into the pools in one transfer; and the valid bet per
       * player and operator's day when daily thresholds earn chances. A few statements per batch
       * whatever its size.
       */
      async handle(tx, events) {
        const now = ctx.clock.now();
        const rounds = events.filter((e) => e.payload.status === 'settled' && e.payload.bet > 0);
        if (!rounds.length) return;
        const a = await runningJackpot(tx, now);
        if (!a) return;
        const validBet = rounds.reduce((s, e) => s + BigInt(e.payload.bet), 0n);
        const held = await repo.pools(tx, JackpotTiers.map((t) => t.tier), true);
        for (const p of held) if (p.seeds === 0) await fundSeed(tx, a, p.tier, ++p.seeds, a.settings.tiers[p.tier].seed, now);
        const moved = held.map((p) => ({ tier: p.tier, ...accrue(p.rest, validBet, a.settings.tiers[p.tier].contributionPpm) }));
        await repo.saveContributions(tx, moved, now);
        const entries = moved.filter((x) => x.whole > 0n).map((x) => ({ account: { house: book(x.tier) }, asset: 'coin' as const, amount: Number(x.whole) }));
        if (entries.length) {
          const total = entries.reduce((s, e) => s + e.amount, 0);
          await transferIn(tx, {
            idempotencyKey: `jackpot_contribution:${events.at(-1)!.id}`,
            reason: 'jackpot_contribution',
            reference: `activity:${a.id}`,
            at: now,
            entries: [{ account: { house: 'promotion' }, asset: 'coin', amount: -total }, ...entries],
          });
        }
        if (a.settings.earn.dailyBet.length) {
          const days = new Map<string, { userId: number; day: string; validBet: number }>();
          for (const e of rounds) {
            const day = dayIn(ctx.timeZone, e.createdAt);
            const row = days.get(`${e.payload.userId}:${day}`) ?? { userId: e.payload.userId, day, validBet: 0 };
            row.validBet += e.payload.bet;
            days.set(`${e.payload.userId}:${day}`, row);
          }
          await repo.addDayBets(tx, [...days.values()]);
        }
      },
    }),
    defineConsumer({
      name: 'rewards.jackpot.chances',
      events: ['deposit.credited'],
      /** Per batch: each credited deposit of at least the activity's amount adds its chances (set-based), and marks the operator's day of the deposit. */
      async handle(tx, events) {
        const now = ctx.clock.now();
        const a = await runningJackpot(tx, now);
        if (!a) return;
        const rule = a.settings.earn.deposit;
        const byUser = new Map<number, { userId: number; chances: number; day: string }>();
        for (const e of events) {
          const day = dayIn(ctx.timeZone, new Date(e.payload.paidAt));
          const row = byUser.get(e.payload.userId) ?? { userId: e.payload.userId, chances: 0, day };
          if (rule && e.payload.amount >= rule.minAmount) row.chances += rule.chances;
          if (day > row.day) row.day = day;
          byUser.set(e.payload.userId, row);
        }
        await repo.addDeposits(tx, [...byUser.values()], now);
      },
    }),
  ],

  routes(registry, ctx, running) {
    const current = async (): Promise<Jackpot> => {
      const a = await running(ActivityType.luckyJackpot);
      if (!a) throw new AppError(ErrorCode.jackpotNotRunning);
      return a;
    };
    // Shared by every player: the pools (seeding them the first time) and the latest winners, read at
    // most once a second; this instance's draws drop them, so the drawer sees their own result.
    let seeded = false;
    const poolCache = shared(1_000, async () => {
      if (!seeded) {
        const counts = await repo.seedCounts(ctx.db);
        if ([...counts.values()].some((n) => n === 0)) {
          const a = await current();
          await withTx(ctx.db, (tx: Tx) => seedNew(tx, a, ctx.clock.now()));
        }
        seeded = true;
      }
      return houseBalances(ctx.db, BOOKS);
    });
    const winnerCaches = new Map<number, ReturnType<typeof shared<repo.WinRow[]>>>();
    const winnersOf = (a: Jackpot) => {
      let c = winnerCaches.get(a.id);
      if (!c) {
        c = shared(1_000, () => repo.latestWins(ctx.db, a.id, WINNERS));
        winnerCaches.set(a.id, c);
      }
      return c;
    };

    registry.handle(getJackpotDrawInfoEndpoint, async (c) => {
      const { userId } = must(c.session);
      const a = await current();
      const now = ctx.clock.now();
      const day = dayIn(ctx.timeZone, now);
      const [balances, wins, facts] = await Promise.all([poolCache.get(), winnersOf(a).get(), repo.readFacts(ctx.db, repo.factsExpr(userId, day))]);
      const ch = chancesOf(a.settings, facts, day, now);
      return {
        ...poolsOf(a, balances),
        canReceiveDrawChance: ch.total > 0 && !ch.needDeposit,
        needDeposit: ch.needDeposit,
        chances: ch.total,
        nextDrawAt: ch.nextDrawAt?.toISOString() ?? null,
        earn: { depositAmount: a.settings.earn.deposit ? m(a.settings.earn.deposit.minAmount) : null, dailyBet: a.settings.earn.dailyBet.map(m) },
        jackpotWinnerList: wins.map((w) => winnerOf(a, w)),
        jackpotAwardConfigList: publishedTable(a.settings),
      };
    });

    // Live pushes (decision 053): the pools to the screens watching this instance, read through the
    // same one-second memory as getJackpotDrawInfo (so no second read while players also poll), sent
    // when they changed; and each real win of a tier to every instance once its draw committed.
    const live = ctx.live;
    live?.feed('jackpot', async (): Promise<LiveJackpotMessage> => {
      const a = await running(ActivityType.luckyJackpot);
      return { type: 'pools', pools: a ? poolsOf(a, await poolCache.get()) : null };
    });
    const announceWin = async (a: Jackpot, drawId: number) => {
      const w = (await winnersOf(a).get()).find((x) => x.id === drawId);
      if (w) live?.publish('jackpot', { type: 'win', winner: winnerOf(a, w) } satisfies LiveJackpotMessage);
    };

    registry.handle(receiveDrawChanceEndpoint, async (c) => {
      const { userId } = must(c.session);
      const a = await current();
      let result: Awaited<ReturnType<typeof draw>>;
      try {
        result = await draw(ctx, a, userId);
      } finally {
        poolCache.drop();
        winnersOf(a).drop();
      }
      // After the commit; a failed read only delays the winner to the players' next poll.
      if (live && result.type === JackpotAwardType.jackpot) void announceWin(a, result.drawId).catch(() => undefined);
      return result;
    });

    registry.handle(getJackpotRankEndpoint, async (c, b) => {
      const { userId } = must(c.session);
      const a = await current();
      const [{ rows, total }, best] = await Promise.all([repo.rank(ctx.db, a.id, b.pageSize, (b.pageNum - 1) * b.pageSize), repo.bestOf(ctx.db, a.id, userId)]);
      const entry = (w: repo.WinRow, place: number) => ({
        id: w.id,
        rank: place,
        avatar: w.avatar,
        nickname: w.nickname,
        propId: w.propId,
        amountSection: sectionOf(a.settings, w.count),
        createTime: w.createdAt.toISOString(),
      });
      return {
        allRank: { list: rows.map((w, i) => entry(w, (b.pageNum - 1) * b.pageSize + i + 1)), pageNum: b.pageNum, pageSize: b.pageSize, total, pages: Math.ceil(total / b.pageSize) },
        personRank: best ? entry(best, best.place) : null,
      };
    });

    registry.handle(getPersonJackpotDrawAwardLogEndpoint, async (c, b) => {
      const { userId } = must(c.session);
      const a = await current();
      const { rows, total } = await repo.drawsOf(ctx.db, userId, b.pageSize, (b.pageNum - 1) * b.pageSize);
      const seeds = rows.length ? await revealedServerSeeds(ctx.db, [...new Set(rows.map((d) => d.seedId))]) : new Map<number, string>();
      return {
        list: rows.map((d) => ({
          id: d.id,
          configId: d.configId,
          propId: d.propId,
          type: d.type,
          amountSection: sectionOf(a.settings, d.count),
          count: d.count,
          bonus: m(d.bonus),
          createTime: d.createdAt.toISOString(),
          proof: proofOf(d, seeds.get(d.seedId) ?? null),
        })),
        pageNum: b.pageNum,
        pageSize: b.pageSize,
        total,
        pages: Math.ceil(total / b.pageSize),
      };
    });
  },
};
