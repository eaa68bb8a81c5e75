import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityType, AwardId, ErrorCode, FairVerifyPath, PageSize } from '@playhall/contract';
import { pickWeighted } from '@playhall/fairness';
import { fairFloats, hashServerSeed } from '@playhall/fairness/node';
import { call, createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import type { TestPlayer } from '../../test/factories.ts';
import { api, fundedPlayer, openGame } from '../../test/originals/originals-test-kit.ts';
import { DAY } from '../../lib/clock.ts';
import { channels, openOrder, sendWebhook } from '../deposits/deposits-test-kit.ts';
import { drainConsumers } from '../events/events-test-kit.ts';
import { houseBalances } from '../ledger/ledger.service.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { createRewardsService } from './rewards.service.ts';
import { closeCheckingLedger } from './rewards-test-kit.ts';

// The lucky jackpot (activity 47, issue 18, decision 050) through the real app: chances from real
// deposits (the sandbox webhook) and real rounds (the Originals through the signed wallet protocol),
// the event runner's consumers, draws, the pools in the ledger, rank and records, and the ledger after.
const TZ = 'America/Sao_Paulo'; // UTC-3, no daylight saving

type Rows<T> = { rows: T[] };
type Tier = 'mega' | 'major' | 'minor' | 'mini';
const TIERS: Tier[] = ['mega', 'major', 'minor', 'mini'];
const PROP: Record<Tier, number> = { mega: AwardId.jackpotMega, major: AwardId.jackpotMajor, minor: AwardId.jackpotMinor, mini: AwardId.jackpotMini };

const tiers = {
  mega: { contributionPpm: 5_000, seed: 100_000, section: { min: 100_000, max: 10_000_000 } },
  major: { contributionPpm: 3_000, seed: 20_000, section: { min: 20_000, max: 1_000_000 } },
  minor: { contributionPpm: 2_000, seed: 5_000, section: { min: 5_000, max: 200_000 } },
  mini: { contributionPpm: 1_000, seed: 1_000, section: { min: 1_000, max: 50_000 } },
};
const table = [
  { id: 1, type: 1, propId: AwardId.coin, count: 100, weight: 50 },
  { id: 2, type: 1, propId: AwardId.points, count: 5, weight: 30 },
  { id: 3, type: 2, propId: AwardId.jackpotMini, count: 1, weight: 15 },
  { id: 4, type: 2, propId: AwardId.jackpotMinor, count: 1, weight: 4 },
  { id: 5, type: 2, propId: AwardId.jackpotMajor, count: 1, weight: 1 },
  { id: 6, type: 2, propId: AwardId.jackpotMega, count: 1, showNum: 100_000, weight: 0 },
];
const base = () => ({
  awards: table,
  tiers,
  amountSections: [
    { min: 0, max: 9_999 },
    { min: 10_000, max: 99_999 },
    { min: 100_000, max: 999_999 },
  ],
  earn: { deposit: { minAmount: 10_000, chances: 2 }, dailyBet: [5_000, 20_000] },
  needDeposit: 'ever',
  minIntervalMs: 2_000,
  multiplier: 1,
});
/** The display bracket of base()'s amountSections holding `n`. */
const sectionFor = (n: number) => base().amountSections.find((x) => n >= x.min && n <= x.max) ?? { min: n, max: n };
/** Only `tier` can be drawn: every draw hits it. */
const onlyTier = (tier: Tier) => table.map((e) => ({ ...e, weight: e.propId === PROP[tier] ? 1 : 0 }));

describeDb('lucky jackpot (activity 47)', () => {
  let t: TestApp;
  let activityId: number;
  let pix: { id: number };

  const consumers = () => createRewardsService({ db: t.database.db, clock: t.clock, timeZone: TZ, validInvite: t.config.validInvite }).consumers();
  /**
   * Runs the consumers until the jackpot's have passed every event written so far. The runner reads
   * below the visibility horizon, which on a shared PostgreSQL server another database's open
   * transaction can hold back for a moment: then it waits and reads again.
   */
  const drain = async () => {
    for (let attempt = 0; attempt < 200; attempt++) {
      await drainConsumers(t.database.db, t.clock, consumers());
      const behind = ((await t.database.db.execute(sql`select count(*)::int as n from domain_event e join event_consumer c on c.name like 'rewards.jackpot.%'
                                                         where (e.txid, e.id) > (c.last_txid, c.last_id)`)) as unknown as Rows<{ n: number }>).rows[0]!.n;
      if (behind === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the jackpot consumers did not pass every event');
  };
  const edit = async (settings: Record<string, unknown>) => {
    const res = await staffCall(t, 'POST', `/activities/${activityId}`, { settings: { ...base(), ...settings } });
    expect(res.code, res.msg).toBe(200);
  };
  const info = async (p: TestPlayer) => {
    const res = await call(t.app, 'getJackpotDrawInfo', {}, p.token);
    expect(res.code, res.msg).toBe(200);
    return res.data;
  };
  const drawOk = async (p: TestPlayer) => {
    const res = await call(t.app, 'receiveDrawChance', {}, p.token);
    expect(res.code, res.msg).toBe(200);
    return res.data;
  };
  const refresh = async (p: TestPlayer) => (await call(t.app, 'refreshData', {}, p.token)).data as { coin: number };
  const dots = async (p: TestPlayer) => (await call(t.app, 'activityGetStatusList', {}, p.token)).data;
  const pools = async () => {
    const rows = ((await t.database.db.execute(sql`select tier, rest::text as rest, contributed::int as contributed, seeded::int as seeded, paid::int as paid, hits from jackpot_pool order by tier`)) as unknown as Rows<{
      tier: Tier;
      rest: string;
      contributed: number;
      seeded: number;
      paid: number;
      hits: number;
    }>).rows;
    const bal = await houseBalances(t.database.db, TIERS.map((x) => `jackpot:${x}`));
    return Object.fromEntries(rows.map((r) => [r.tier, { ...r, rest: Number(r.rest), balance: bal.get(`jackpot:${r.tier}`)! }])) as unknown as Record<Tier, { rest: number; contributed: number; seeded: number; paid: number; hits: number; balance: number }>;
  };
  /** Every pool holds exactly what was seeded and contributed less what was paid. */
  const expectPoolsAddUp = async () => {
    for (const [tier, p] of Object.entries(await pools())) expect(p.balance, tier).toBe(p.seeded + p.contributed - p.paid);
  };
  /** A real deposit through the sandbox provider's signed webhook, then the consumers. */
  async function depositOf(p: TestPlayer, amount: number) {
    const order = await openOrder(t.app, p, { typeId: pix.id, amount });
    expect((await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount })).status).toBe(200);
    await drain();
  }
  /** A dice roll of `bet` played as the in-iframe client plays it; the round settles. */
  async function roll(p: TestPlayer, bet: number, token?: string) {
    const g = token ?? (await openGame(t, p, 'dice')).token;
    const res = await api(t, 'dice/roll', { bet, target: 5_000, direction: 'under' }, g);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  /** A player with `chances` deposit chances (real deposits of the minimum: 2 chances each), able to draw. */
  async function playerWith(chances: number) {
    const p = await fundedPlayer(t, 0);
    for (let i = 0; i < Math.ceil(chances / 2); i++) await depositOf(p, 10_000);
    if (chances % 2) {
      await t.database.db.execute(sql`update jackpot_player set chances = chances - 1 where user_id = ${p.user.id}`);
    }
    expect((await info(p)).chances).toBe(chances);
    return p;
  }

  beforeAll(async () => {
    t = await createTestApp({ operatorTimeZone: TZ });
    const created = await staffCall(t, 'POST', '/activities', { type: ActivityType.luckyJackpot, name: 'Lucky jackpot', settings: base() });
    expect(created.code, created.msg).toBe(200);
    activityId = created.data!.id as number;
    const player = await fundedPlayer(t, 0);
    pix = (await channels(t.app, player.token)).pix;
  });
  afterAll(async () => {
    await closeCheckingLedger(t);
  });

  it('1002 while the activity does not run (created, not enabled)', async () => {
    const p = await fundedPlayer(t, 0);
    expect((await call(t.app, 'receiveDrawChance', {}, p.token)).code).toBe(ErrorCode.jackpotNotRunning);
    expect((await call(t.app, 'getJackpotDrawInfo', {}, p.token)).code).toBe(ErrorCode.jackpotNotRunning);
    expect((await dots(p)).canReceiveDrawChance).toBe(false);
    expect((await staffCall(t, 'POST', `/activities/${activityId}/enable`)).code).toBe(200);
  });

  it('refuses settings that do not hold (5006), naming the field, and changes nothing', async () => {
    const bad = (over: Record<string, unknown>) => staffCall(t, 'POST', '/activities', { type: ActivityType.luckyJackpot, name: 'bad', settings: { ...base(), ...over } });
    const cases: [Record<string, unknown>, string][] = [
      [{ awards: [...table, { ...table[0]! }] }, 'settings.awards'],
      [{ awards: [{ id: 1, type: 2, propId: AwardId.coin, count: 1, weight: 1 }] }, 'settings.awards.0.propId'],
      [{ awards: [{ id: 1, type: 1, propId: AwardId.jackpotMega, count: 1, weight: 1 }] }, 'settings.awards.0.propId'],
      [{ awards: [{ id: 1, type: 2, propId: AwardId.jackpotMini, count: 500, weight: 1 }] }, 'settings.awards.0.count'],
      [{ awards: table.map((e) => ({ ...e, weight: 0 })) }, 'settings.awards'],
      [{ tiers: { ...tiers, mega: { ...tiers.mega, seed: 0 } } }, 'settings.tiers.mega.seed'],
      [{ tiers: { ...tiers, mini: { ...tiers.mini, contributionPpm: 200_000 } } }, 'settings.tiers.mini.contributionPpm'],
      [{ tiers: { mega: tiers.mega, major: tiers.major, minor: tiers.minor } }, 'settings.tiers.mini'],
      [{ amountSections: [{ min: 0, max: 100 }, { min: 50, max: 200 }] }, 'settings.amountSections.1'],
      [{ earn: { deposit: null, dailyBet: [] } }, 'settings.earn'],
      [{ earn: { deposit: null, dailyBet: [500, 100] } }, 'settings.earn.dailyBet.1'],
      [{ needDeposit: 'sometimes' }, 'settings.needDeposit'],
      [{ minIntervalMs: -1 }, 'settings.minIntervalMs'],
    ];
    const before = (await staffCall(t, 'GET', '/activities')).data!.length;
    for (const [over, field] of cases) {
      const res = await bad(over);
      expect(res.code, field).toBe(ErrorCode.activitySettingsInvalid);
      expect(res.msg, field).toContain(field);
    }
    expect((await staffCall(t, 'GET', '/activities')).data!.length).toBe(before);
  });

  it('publishes the award table with its odds in the app config and the draw info; the pools start from their seeds', async () => {
    const cfg = (await call(t.app, 'anonymous/appConfig', {})).data;
    expect(cfg.jackpotAwardConfigList.map((e: { id: number }) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(cfg.jackpotAwardConfigList[0]).toEqual({ id: 1, type: 1, propId: AwardId.coin, count: 100, showNum: 100, weight: 50, odds: 0.5 });
    expect(cfg.jackpotAwardConfigList[2]).toMatchObject({ type: 2, propId: AwardId.jackpotMini, showNum: 1_000, odds: 0.15 });
    expect(cfg.jackpotAwardConfigList[5]).toMatchObject({ showNum: 100_000, odds: 0 });

    const p = await fundedPlayer(t, 0);
    const d = await info(p);
    expect(d).toMatchObject({
      activityId,
      megaJackpot: 100_000,
      majorJackpot: 20_000,
      minorJackpot: 5_000,
      miniJackpot: 1_000,
      total: 126_000,
      megaJackpotSection: tiers.mega.section,
      miniJackpotSection: tiers.mini.section,
      canReceiveDrawChance: false,
      needDeposit: true,
      chances: 0,
      nextDrawAt: null,
      earn: { depositAmount: 10_000, dailyBet: [5_000, 20_000] },
      jackpotWinnerList: [],
    });
    expect(d.jackpotAwardConfigList).toEqual(cfg.jackpotAwardConfigList);
    await expectPoolsAddUp();
  });

  it('1003 before a first deposit; a deposit below the amount earns no chance (1001); one at the amount earns 2, drawn 2 s apart (1004 sooner)', async () => {
    const p = await fundedPlayer(t, 0);
    expect((await call(t.app, 'receiveDrawChance', {}, p.token)).code).toBe(ErrorCode.jackpotDepositNeeded);
    await depositOf(p, 5_000);
    expect(await info(p)).toMatchObject({ needDeposit: false, chances: 0, canReceiveDrawChance: false });
    expect((await call(t.app, 'receiveDrawChance', {}, p.token)).code).toBe(ErrorCode.jackpotNoChance);
    expect((await dots(p)).canReceiveDrawChance).toBe(false);

    await depositOf(p, 10_000);
    expect(await info(p)).toMatchObject({ chances: 2, canReceiveDrawChance: true });
    expect((await dots(p)).canReceiveDrawChance).toBe(true);
    expect((await dots(p)).redDots.canReceiveDrawChance).toBe(true);
    const first = await drawOk(p);
    expect(first.chances).toBe(1);
    const soon = await call(t.app, 'receiveDrawChance', {}, p.token);
    expect(soon.code).toBe(ErrorCode.jackpotTooFrequent);
    const waiting = await info(p);
    expect(waiting).toMatchObject({ chances: 1, canReceiveDrawChance: true });
    expect(Date.parse(waiting.nextDrawAt)).toBe(t.clock.now().getTime() + 2_000);
    t.clock.advance(2_000);
    expect((await drawOk(p)).chances).toBe(0);
    t.clock.advance(2_000);
    expect((await call(t.app, 'receiveDrawChance', {}, p.token)).code).toBe(ErrorCode.jackpotNoChance);
    expect((await dots(p)).canReceiveDrawChance).toBe(false);
    // Two draws recorded, each naming what it paid and how to verify it.
    const log = (await call(t.app, 'getPersonJackpotDrawAwardLog', { pageNum: 1 }, p.token)).data;
    expect(log.total).toBe(2);
    for (const r of log.list) {
      expect(r.proof.tableIds).toEqual([1, 2, 3, 4, 5, 6]);
      expect(r.proof.weights).toEqual(table.map((e) => e.weight));
      expect(r.proof.tableIds[r.proof.index]).toBe(r.configId);
      expect(r.proof.verifyPath).toContain(`nonce=${r.proof.nonce}`);
      expect(r.proof.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(log.list[0].proof.nonce).toBe(log.list[1].proof.nonce + 1);
    expect(log.list.every((r: { proof: { serverSeed: string | null } }) => r.proof.serverSeed === null)).toBe(true);

    // Rotating the pair reveals its server seed: each draw recomputes from it to the entry it paid.
    const rotated = await call(t.app, 'fairSeedRotate', { scope: 'jackpot' }, p.token);
    expect(rotated.code, rotated.msg).toBe(200);
    const revealed = rotated.data.revealed;
    expect(hashServerSeed(revealed.serverSeed)).toBe(log.list[0].proof.serverSeedHash);
    const after = (await call(t.app, 'getPersonJackpotDrawAwardLog', {}, p.token)).data;
    for (const r of after.list) {
      expect(r.proof.serverSeed).toBe(revealed.serverSeed);
      const float = fairFloats({ serverSeed: revealed.serverSeed, clientSeed: r.proof.clientSeed, nonce: r.proof.nonce }, 1)[0]!;
      expect(r.proof.tableIds[pickWeighted(float, r.proof.weights)]).toBe(r.configId);
      const link = new URL(r.proof.verifyPath, 'http://local');
      expect(link.pathname).toBe(FairVerifyPath);
      expect(Object.fromEntries(link.searchParams)).toMatchObject({ game: 'jackpot', serverSeed: revealed.serverSeed, nonce: String(r.proof.nonce), weights: r.proof.weights.join(',') });
    }
    t.clock.advance(2_000);
  });

  it('a draw pays the drawn award: coin to the balance, points to points, the record says what', async () => {
    await edit({ awards: table.map((e) => ({ ...e, weight: e.id === 1 ? 1 : 0 })) });
    const p = await playerWith(2);
    const before = await refresh(p);
    const won = await drawOk(p);
    expect(won).toMatchObject({ id: 1, type: 1, propId: AwardId.coin, count: 100, bonus: 100, chances: 1 });
    expect((await refresh(p)).coin).toBe(before.coin + 100);

    await edit({ awards: table.map((e) => ({ ...e, weight: e.id === 2 ? 1 : 0 })) });
    t.clock.advance(2_000);
    const pts = await drawOk(p);
    expect(pts).toMatchObject({ id: 2, type: 1, propId: AwardId.points, count: 5, bonus: 0 });
    expect((await refresh(p)).coin).toBe(before.coin + 100);
    const log = (await call(t.app, 'getPersonJackpotDrawAwardLog', {}, p.token)).data;
    expect(log.list.map((r: { propId: number; count: number; bonus: number }) => [r.propId, r.count, r.bonus])).toEqual([
      [AwardId.points, 5, 0],
      [AwardId.coin, 100, 100],
    ]);
    expect(log.list[1].amountSection).toEqual({ min: 0, max: 9_999 });
    const grants = ((await t.database.db.execute(sql`select award_id as a, count::int as n, idempotency_key as k from reward_grant where user_id = ${p.user.id} and activity_id = ${activityId} order by id`)) as unknown as Rows<{ a: number; n: number; k: string }>).rows;
    expect(grants.map((g) => [g.a, g.n])).toEqual([[AwardId.coin, 100], [AwardId.points, 5]]);
    expect(grants[0]!.k).toBe(`reward:jackpot:${won.proof.seedId}:${won.proof.nonce}`);
    t.clock.advance(2_000);
  });

  it('real rounds grow the pools by their share of valid bets, exactly, keeping the part below a hundredth', async () => {
    await edit({});
    const before = await pools();
    const p = await fundedPlayer(t, 1_000_000);
    const g = await openGame(t, p, 'dice');
    await roll(p, 333, g.token);
    await drain();
    let after = await pools();
    // 333 × 1,000 ppm = 333,000 millionths of a hundredth: nothing whole yet for Mini; Mega 333 × 5,000 = 1.665 hundredths.
    const expectAdded = (bet: number) => {
      for (const tier of TIERS) {
        const acc = BigInt(before[tier].rest) + BigInt(bet) * BigInt(tiers[tier].contributionPpm);
        expect(after[tier].rest, tier).toBe(Number(acc % 1_000_000n));
        expect(after[tier].balance - before[tier].balance, tier).toBe(Number(acc / 1_000_000n));
      }
    };
    expectAdded(333);
    // More rounds in one batch add up exactly as round by round would.
    for (const bet of [1_000, 2_500, 777]) await roll(p, bet, g.token);
    await drain();
    after = await pools();
    expectAdded(333 + 1_000 + 2_500 + 777);
    await expectPoolsAddUp();
    const d = await info(p);
    expect(d.megaJackpot).toBe(after.mega.balance);
  });

  it('daily valid bet earns one chance per threshold reached, in the operator\'s day; used daily chances first; the next day starts again', async () => {
    await edit({ needDeposit: 'none', minIntervalMs: 0 });
    const p = await fundedPlayer(t, 1_000_000);
    const g = await openGame(t, p, 'dice');
    await roll(p, 3_000, g.token);
    await drain();
    expect((await info(p)).chances).toBe(0);
    await roll(p, 2_000, g.token);
    await drain();
    expect((await info(p)).chances).toBe(1);
    expect((await dots(p)).canReceiveDrawChance).toBe(true);
    await roll(p, 15_000, g.token);
    await drain();
    expect((await info(p)).chances).toBe(2);
    await drawOk(p);
    expect((await info(p)).chances).toBe(1);
    const rows = ((await t.database.db.execute(sql`select source from jackpot_draw where user_id = ${p.user.id}`)) as unknown as Rows<{ source: string }>).rows;
    expect(rows).toEqual([{ source: 'bet' }]);
    // The next operator's day: yesterday's unused daily chance is gone.
    t.clock.advance(DAY);
    expect((await info(p)).chances).toBe(0);
    expect((await call(t.app, 'receiveDrawChance', {}, p.token)).code).toBe(ErrorCode.jackpotNoChance);
  });

  it('a hit pays the whole pool from its ledger book and restarts it from its seed (funded from promotion); the winner is listed and ranked', async () => {
    await edit({ awards: onlyTier('minor') });
    // Grow Minor past its seed with real rounds.
    const player = await fundedPlayer(t, 10_000_000);
    const g = await openGame(t, player, 'dice');
    for (let i = 0; i < 3; i++) await roll(player, 100_000, g.token);
    await drain();
    const before = await pools();
    expect(before.minor.balance).toBeGreaterThan(tiers.minor.seed);
    const p = await playerWith(1);
    const coin = (await refresh(p)).coin;
    const won = await drawOk(p);
    expect(won).toMatchObject({ type: 2, propId: AwardId.jackpotMinor, id: 4, count: before.minor.balance, bonus: before.minor.balance });
    expect((await refresh(p)).coin).toBe(coin + before.minor.balance);
    const after = await pools();
    expect(after.minor.balance).toBe(tiers.minor.seed);
    expect(after.minor).toMatchObject({ hits: before.minor.hits + 1, paid: before.minor.paid + before.minor.balance, seeded: before.minor.seeded + tiers.minor.seed });
    expect(after.mega.balance).toBe(before.mega.balance);
    await expectPoolsAddUp();

    const d = await info(p);
    expect(d.minorJackpot).toBe(tiers.minor.seed);
    expect(d.jackpotWinnerList[0]).toMatchObject({ id: won.drawId, nickname: p.user.nickname, propId: AwardId.jackpotMinor, type: 2, count: before.minor.balance, amountSection: sectionFor(before.minor.balance) });
    const rank = (await call(t.app, 'getJackpotRank', {}, p.token)).data;
    expect(rank.personRank).toMatchObject({ id: won.drawId, nickname: p.user.nickname, propId: AwardId.jackpotMinor });
    expect(rank.allRank.list[rank.personRank.rank - 1].id).toBe(won.drawId);
    // Wins of type 1 are not jackpot winners.
    expect(d.jackpotWinnerList.every((w: { type: number }) => w.type === 2)).toBe(true);
  });

  it('rank and records page to the end (10 and 20 a page), then empty pages', async () => {
    await edit({ awards: onlyTier('mini'), earn: { deposit: { minAmount: 10_000, chances: 10 }, dailyBet: [] }, needDeposit: 'none', minIntervalMs: 0 });
    const p = await fundedPlayer(t, 0);
    for (let i = 0; i < 3; i++) await depositOf(p, 10_000);
    expect((await info(p)).chances).toBe(30);
    for (let i = 0; i < 25; i++) await drawOk(p);
    const pageOf = async (path: string, pageNum: number) => {
      const res = await call(t.app, path, { pageNum }, p.token);
      expect(res.code, res.msg).toBe(200);
      return res.data;
    };
    const records = [];
    for (let n = 1; ; n++) {
      const page = await pageOf('getPersonJackpotDrawAwardLog', n);
      expect(page.pageSize).toBe(PageSize.record);
      expect(page.pages).toBe(2);
      if (!page.list.length) break;
      records.push(...page.list);
    }
    expect(records.length).toBe(25);
    expect(new Set(records.map((r) => r.id)).size).toBe(25);
    expect(records.map((r) => r.proof.nonce)).toEqual([...records.map((r) => r.proof.nonce)].sort((a, b) => b - a));

    const total = (await pageOf('getJackpotRank', 1)).allRank.total;
    expect(total).toBeGreaterThanOrEqual(26);
    const ranked = [];
    let pages = 0;
    for (let n = 1; ; n++) {
      const page = (await pageOf('getJackpotRank', n)).allRank;
      expect(page.pageSize).toBe(PageSize.rank);
      pages = page.pages;
      if (!page.list.length) break;
      expect(page.list.length).toBe(n < pages ? 10 : total - 10 * (pages - 1));
      ranked.push(...page.list);
    }
    expect(pages).toBe(Math.ceil(total / 10));
    expect(ranked.length).toBe(total);
    expect(ranked.map((r) => r.rank)).toEqual(ranked.map((_, i) => i + 1));
    const rows = ((await t.database.db.execute(sql`select id::int as id, count::int as n from jackpot_draw where type = 2 and activity_id = ${activityId} order by count desc, id`)) as unknown as Rows<{ id: number; n: number }>).rows;
    expect(ranked.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    await expectPoolsAddUp();
  });

  (TEST_DB === 'pg' ? describe : describe.skip)('under concurrency (PostgreSQL)', () => {
    it('20 draws at once with 3 chances: exactly 3 pay, the rest answer 1001', async () => {
      await edit({ awards: table, needDeposit: 'none', minIntervalMs: 0, earn: { deposit: { minAmount: 10_000, chances: 3 }, dailyBet: [] } });
      const p = await fundedPlayer(t, 0);
      await depositOf(p, 10_000);
      expect((await info(p)).chances).toBe(3);
      const all = await Promise.all(Array.from({ length: 20 }, () => call(t.app, 'receiveDrawChance', {}, p.token)));
      expect(all.filter((r) => r.code === 200).length).toBe(3);
      expect(all.filter((r) => r.code !== 200).map((r) => r.code)).toEqual(Array(17).fill(ErrorCode.jackpotNoChance));
      expect((await info(p)).chances).toBe(0);
      const n = ((await t.database.db.execute(sql`select count(*)::int as n from jackpot_draw where user_id = ${p.user.id}`)) as unknown as Rows<{ n: number }>).rows[0]!.n;
      expect(n).toBe(3);
    });

    it('two hits at once on one pool: the first takes the pool, the second its restarted seed; the pool ends at its seed', async () => {
      await edit({ awards: onlyTier('major'), needDeposit: 'none', minIntervalMs: 0 });
      const player = await fundedPlayer(t, 100_000_000);
      const g = await openGame(t, player, 'dice');
      for (let i = 0; i < 4; i++) await roll(player, 100_000, g.token);
      await drain();
      const before = await pools();
      expect(before.major.balance).toBeGreaterThan(tiers.major.seed);
      const [a, b] = [await playerWith(1), await playerWith(1)];
      const [ra, rb] = await Promise.all([call(t.app, 'receiveDrawChance', {}, a.token), call(t.app, 'receiveDrawChance', {}, b.token)]);
      expect([ra.code, rb.code]).toEqual([200, 200]);
      expect([ra.data.count, rb.data.count].sort((x, y) => y - x)).toEqual([before.major.balance, tiers.major.seed]);
      const after = await pools();
      expect(after.major.balance).toBe(tiers.major.seed);
      expect(after.major.hits).toBe(before.major.hits + 2);
      expect(after.major.paid - before.major.paid).toBe(before.major.balance + tiers.major.seed);
      await expectPoolsAddUp();
    });
  });
});
