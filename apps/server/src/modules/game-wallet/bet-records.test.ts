import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { ensureCatalogue, fund, providerClient, type TestCatalogue } from './game-wallet-test-kit.ts';

const SECRET = 'records-aggregator-secret-012345';

describeDb('bet records and provider balances', () => {
  let t: TestApp;
  let cat: TestCatalogue;
  let agg: ReturnType<typeof providerClient>;
  let a: TestPlayer;
  let b: TestPlayer;
  let n = 0;
  const id = (p: string) => `${p}-${++n}`;

  /** One round over the protocol: bets, then a win that ends it (unless open), or every bet rolled back. */
  async function playRound(token: string, gameCode: string, o: { bets: number[]; win?: number; open?: boolean; rollBack?: boolean }): Promise<string> {
    const roundId = id('round');
    const betIds: string[] = [];
    for (const amount of o.bets) {
      const betId = id('bet');
      betIds.push(betId);
      const res = await agg.call('bet', { sessionToken: token, transactionId: betId, roundId, gameCode, amount });
      expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
    }
    if (o.rollBack) {
      for (const betId of betIds) await agg.call('rollback', { sessionToken: token, transactionId: id('rb'), roundId, rollbackTransactionId: betId });
    } else if (!o.open) {
      const res = await agg.call('win', { sessionToken: token, transactionId: id('win'), roundId, amount: o.win ?? 0, endRound: true });
      expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
    }
    return roundId;
  }

  beforeAll(async () => {
    t = await createTestApp();
    cat = await ensureCatalogue(t.database.db, { platformCode: 'rec-agg', secret: SECRET });
    agg = providerClient(t, cat, SECRET);
    a = await buildPlayer(t.app);
    b = await buildPlayer(t.app);
    await fund(t.database.db, a.user.id, 1_000_000);
    await fund(t.database.db, b.user.id, 1_000_000);
    const [slot, crash] = cat.games;

    // 2026-11-21: three slot rounds for A, one for B.
    const aSlot = await agg.session(a.user.id, 'real', slot);
    await playRound(aSlot, slot!.code, { bets: [100], win: 0 });
    t.clock.advance(MINUTE);
    await playRound(aSlot, slot!.code, { bets: [150, 50], win: 500 });
    t.clock.advance(MINUTE);
    await playRound(aSlot, slot!.code, { bets: [300], win: 0 });
    await playRound(await agg.session(b.user.id, 'real', slot), slot!.code, { bets: [999], win: 0 });

    // 2026-11-22: a crash round for A, and one whose bet was rolled back.
    t.clock.advance(DAY);
    const aCrash = await agg.session(a.user.id, 'real', crash);
    await playRound(aCrash, crash!.code, { bets: [1_000], win: 2_500 });
    t.clock.advance(MINUTE);
    await playRound(aCrash, crash!.code, { bets: [700], rollBack: true });

    // 2026-11-23: a slot round still open.
    t.clock.advance(DAY);
    await playRound(await agg.session(a.user.id, 'real', slot), slot!.code, { bets: [40], open: true });
  });
  afterAll(async () => t?.close());

  describe('betRecord', () => {
    it('lists the player\'s rounds newest first, paged, with game, bet, win, net and status', async () => {
      const first = await call(t.app, 'betRecord', { pageNum: 1, pageSize: 4 }, a.token);
      expect(first.code, first.msg).toBe(200);
      expect(first.data).toMatchObject({ total: 6, pages: 2, pageNum: 1, pageSize: 4 });
      expect(first.data.list.map((r: { bet: number; win: number; status: string }) => [r.bet, r.win, r.status])).toEqual([
        [40, 0, 'open'],
        [0, 0, 'rolledBack'],
        [1_000, 2_500, 'settled'],
        [300, 0, 'settled'],
      ]);
      const top = first.data.list[2];
      expect(top).toMatchObject({ gameId: cat.games[1]!.id, gameName: 'Game test-crash', typeId: cat.games[1]!.typeId, platformName: 'Platform rec-agg', net: 1_500 });
      expect(top.roundId).toMatch(/^rec-agg:round-/);
      expect(top.endedAt).not.toBeNull();
      expect(first.data.list[0].endedAt).toBeNull();

      const second = await call(t.app, 'betRecord', { pageNum: 2, pageSize: 4 }, a.token);
      expect(second.data.list.map((r: { bet: number; net: number }) => [r.bet, r.net])).toEqual([
        [200, 300],
        [100, -100],
      ]);
      const past = await call(t.app, 'betRecord', { pageNum: 9, pageSize: 4 }, a.token);
      expect(past.data).toMatchObject({ list: [], total: 6 });
    });

    it('filters by day range and game type', async () => {
      const day = await call(t.app, 'betRecord', { from: '2026-11-22', to: '2026-11-22' }, a.token);
      expect(day.data.total).toBe(2);
      const crash = await call(t.app, 'betRecord', { typeId: cat.games[1]!.typeId }, a.token);
      expect(crash.data.total).toBe(2);
      const slotsUntil22 = await call(t.app, 'betRecord', { typeId: cat.games[0]!.typeId, to: '2026-11-22' }, a.token);
      expect(slotsUntil22.data.total).toBe(3);
    });

    it('refuses a range starting more than 90 days back or ending before it starts (4004)', async () => {
      // Today is 2026-11-23: 90 days back is 2026-08-25.
      expect((await call(t.app, 'betRecord', { from: '2026-08-25' }, a.token)).code).toBe(200);
      expect((await call(t.app, 'betRecord', { from: '2026-08-24' }, a.token)).code).toBe(ErrorCode.betRecordRangeInvalid);
      expect((await call(t.app, 'betRecord', { from: '2026-11-22', to: '2026-11-21' }, a.token)).code).toBe(ErrorCode.betRecordRangeInvalid);
      expect((await call(t.app, 'betRecordReport', { from: '2026-01-01' }, a.token)).code).toBe(ErrorCode.betRecordRangeInvalid);
    });

    it('never shows another player\'s rounds, and needs a session', async () => {
      const mine = await call(t.app, 'betRecord', {}, b.token);
      expect(mine.data.total).toBe(1);
      expect(mine.data.list[0]).toMatchObject({ bet: 999, win: 0 });
      const report = await call(t.app, 'betRecordReport', {}, b.token);
      expect(report.data.totals).toEqual({ rounds: 1, bet: 999, win: 0, net: -999 });
      const fresh = await buildPlayer(t.app);
      expect((await call(t.app, 'betRecord', {}, fresh.token)).data).toMatchObject({ list: [], total: 0, pages: 0 });
      expect((await call(t.app, 'betRecord', {})).code).toBe(ErrorCode.unauthorized);
      expect((await call(t.app, 'betRecordReport', {})).code).toBe(ErrorCode.unauthorized);
    });
  });

  describe('betRecordReport', () => {
    it('sums rounds, bet, win and net per UTC day and game type, newest day first, rolled-back rounds left out', async () => {
      const res = await call(t.app, 'betRecordReport', {}, a.token);
      expect(res.code, res.msg).toBe(200);
      expect(res.data.rows).toEqual([
        { date: '2026-11-23', typeId: cat.games[0]!.typeId, typeName: 'Test slots', rounds: 1, bet: 40, win: 0, net: -40 },
        { date: '2026-11-22', typeId: cat.games[1]!.typeId, typeName: 'Test crash', rounds: 1, bet: 1_000, win: 2_500, net: 1_500 },
        { date: '2026-11-21', typeId: cat.games[0]!.typeId, typeName: 'Test slots', rounds: 3, bet: 600, win: 500, net: -100 },
      ]);
      expect(res.data.totals).toEqual({ rounds: 5, bet: 1_640, win: 3_000, net: 1_360 });
      expect(res.data).toMatchObject({ from: '2026-08-25', to: '2026-11-23' });
      const one = await call(t.app, 'betRecordReport', { from: '2026-11-21', to: '2026-11-21' }, a.token);
      expect(one.data.rows).toHaveLength(1);
      expect(one.data.totals.rounds).toBe(3);
    });
  });

  describe('gameBalanceList and retrieveBalance', () => {
    it('seamless providers hold nothing; retrieving closes the open sessions there and bets stop', async () => {
      const p = await buildPlayer(t.app);
      await fund(t.database.db, p.user.id, 10_000);
      const s1 = await agg.session(p.user.id);
      await agg.session(p.user.id, 'real', cat.games[1]);
      const list = await call(t.app, 'gameBalanceList', {}, p.token);
      expect(list.code, list.msg).toBe(200);
      const mine = list.data.list.find((x: { platformId: number }) => x.platformId === cat.platformId);
      expect(mine).toEqual({ platformId: cat.platformId, name: 'Platform rec-agg', walletMode: 'seamless', balance: null, openSessions: 2 });
      // Another player's sessions are not counted.
      const other = await call(t.app, 'gameBalanceList', {}, b.token);
      expect(other.data.list.find((x: { platformId: number }) => x.platformId === cat.platformId).openSessions).toBe(0);

      const res = await call(t.app, 'retrieveBalance', { platformId: cat.platformId }, p.token);
      expect(res.data).toMatchObject({ retrieved: 0, closedSessions: 2 });
      expect(res.data.list.find((x: { platformId: number }) => x.platformId === cat.platformId).openSessions).toBe(0);
      const bet = await agg.call('bet', { sessionToken: s1, transactionId: id('bet'), roundId: id('round'), gameCode: cat.games[0]!.code, amount: 100 });
      expect(bet.body.error).toBe('SESSION_EXPIRED');
      expect((await call(t.app, 'retrieveBalance', {}, p.token)).data).toMatchObject({ retrieved: 0, closedSessions: 0 });
      expect((await call(t.app, 'retrieveBalance', { platformId: 999_999 }, p.token)).code).toBe(ErrorCode.notFound);
      expect((await call(t.app, 'gameBalanceList', {})).code).toBe(ErrorCode.unauthorized);
    });
  });
});
