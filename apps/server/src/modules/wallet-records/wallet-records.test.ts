import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { bet, deposit } from '../ledger/ledger-test-helpers.ts';
import type { TransferInput } from '../ledger/ledger.types.ts';
import { kindOfReason } from './record-kinds.ts';
import { addPixAccount, requestWithdrawal, staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { ensureCatalogue, providerClient } from '../game-wallet/game-wallet-test-kit.ts';

type Rec = {
  id: number; createdAt: string; kind: string; reason: string; book: string; amount: number; balanceAfter: number; reference: string | null;
  orderId: string | null; status: string | null; timeline: Array<{ step: string; at: string }>; note: string | null; safeboxAfter: number | null;
  game: { gameId: number; gameName: string; rounds: number; bet: number; win: number; startedAt: string } | null;
};
type Page = { list: Rec[]; pageNum: number; pageSize: number; total: number; pages: number };

let n = 0;
/** Newest first: each row's balance is the one below it plus its amount, so a player can follow it. */
function expectRunningBalance(list: Rec[]) {
  for (let i = 0; i + 1 < list.length; i++) expect(list[i]!.balanceAfter - list[i]!.amount, `row ${i}`).toBe(list[i + 1]!.balanceAfter);
}
const key = (s: string) => `wr-${Date.now()}-${n++}-${s}`;
const at = (iso: string) => new Date(iso);

describeDb('wallet records: appUserCoinDetail', () => {
  let t: TestApp;
  const post = (input: TransferInput) => transfer(t.database.db, input);
  const records = async (p: TestPlayer, body: Record<string, unknown> = {}) => {
    const res = await call<Page>(t.app, 'appUserCoinDetail', body, p.token);
    expect(res.code, res.msg).toBe(200);
    return res.data;
  };
  /** The player moves coin into the safebox: two entries, one per book. */
  const toSafebox = (player: number, amount: number, when: Date): TransferInput => ({
    idempotencyKey: key('sb'),
    reason: 'safebox_in',
    entries: [
      { account: { player, book: 'coin' }, asset: 'coin', amount: -amount },
      { account: { player, book: 'safebox' }, asset: 'coin', amount },
    ],
    at: when,
  });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers one row per movement of the coin balance, signed, with the balance after each, newest first', async () => {
    const p = await buildPlayer(t.app);
    const id = p.user.id;
    await post({ ...deposit(key('d'), id, 10_000), at: at('2026-11-01T10:00:00Z') });
    await post({ ...bet(key('b'), id, 2_500), at: at('2026-11-02T10:00:00Z') });
    await post(toSafebox(id, 1_000, at('2026-11-03T10:00:00Z')));
    const page = await records(p);
    expect(page).toMatchObject({ pageNum: 1, pageSize: 20, total: 3, pages: 1 });
    // The safebox move is one row of the coin balance, the safebox's own book only a detail of it.
    expect(page.list.map((r) => [r.kind, r.reason, r.book, r.amount, r.balanceAfter, r.safeboxAfter])).toEqual([
      ['safebox', 'safebox_in', 'coin', -1_000, 6_500, 1_000],
      ['game', 'bet', 'coin', -2_500, 7_500, null],
      ['deposit', 'deposit', 'coin', 10_000, 10_000, null],
    ]);
    expectRunningBalance(page.list);
    expect(page.list[2]!.createdAt).toBe('2026-11-01T10:00:00.000Z');
    expect(page.list[2]!.reference).toMatch(/^wr-/);
  });

  it('pages: total, pages, a short last page, and an empty list past the end', async () => {
    const p = await buildPlayer(t.app);
    for (let i = 0; i < 7; i++) await post({ ...deposit(key(`p${i}`), p.user.id, 100 * (i + 1)), at: at(`2026-10-0${i + 1}T08:00:00Z`) });
    const first = await records(p, { pageNum: 1, pageSize: 3 });
    expect(first).toMatchObject({ pageNum: 1, pageSize: 3, total: 7, pages: 3 });
    expect(first.list.map((r) => r.amount)).toEqual([700, 600, 500]);
    const last = await records(p, { pageNum: 3, pageSize: 3 });
    expect(last.list.map((r) => r.amount)).toEqual([100]);
    expect(last.list[0]!.balanceAfter).toBe(100);
    const past = await records(p, { pageNum: 4, pageSize: 3 });
    expect(past).toEqual({ list: [], pageNum: 4, pageSize: 3, total: 7, pages: 3 });
    const all = [...first.list, ...(await records(p, { pageNum: 2, pageSize: 3 })).list, ...last.list];
    expect(new Set(all.map((r) => r.id)).size).toBe(7);
  });

  it('filters by kind, and unknown reasons are "other"', async () => {
    const p = await buildPlayer(t.app);
    const id = p.user.id;
    await post(deposit(key('d'), id, 5_000));
    await post(bet(key('b'), id, 1_000));
    await post({
      idempotencyKey: key('x'),
      reason: 'mystery_adjustment',
      entries: [
        { account: { player: id, book: 'coin' }, asset: 'coin', amount: 300 },
        { account: { house: 'promotion' }, asset: 'coin', amount: -300 },
      ],
    });
    expect((await records(p, { kind: 'deposit' })).list.map((r) => r.amount)).toEqual([5_000]);
    expect((await records(p, { kind: 'game' })).list.map((r) => r.amount)).toEqual([-1_000]);
    expect((await records(p, { kind: 'other' })).list.map((r) => [r.kind, r.reason])).toEqual([['other', 'mystery_adjustment']]);
    expect(await records(p, { kind: 'withdraw' })).toMatchObject({ list: [], total: 0, pages: 0 });
  });

  it('filters by an inclusive date range, days or instants', async () => {
    const p = await buildPlayer(t.app);
    const id = p.user.id;
    for (const d of ['2026-09-01T00:00:00Z', '2026-09-02T00:00:00Z', '2026-09-02T23:59:59Z', '2026-09-03T00:00:00Z']) {
      await post({ ...deposit(key('r'), id, 100), at: at(d) });
    }
    const days = (r: Page) => r.list.map((x) => x.createdAt).reverse();
    expect(days(await records(p, { from: '2026-09-02', to: '2026-09-02' }))).toEqual(['2026-09-02T00:00:00.000Z', '2026-09-02T23:59:59.000Z']);
    expect((await records(p, { from: '2026-09-02' })).total).toBe(3);
    expect((await records(p, { to: '2026-09-01' })).total).toBe(1);
    expect(days(await records(p, { from: '2026-09-01T00:00:00Z', to: '2026-09-02T00:00:00Z' }))).toEqual(['2026-09-01T00:00:00.000Z', '2026-09-02T00:00:00.000Z']);
    // A local day from a client in UTC-3: 21:00 UTC to 20:59:59.999 UTC the next day.
    expect((await records(p, { from: '2026-09-01T00:00:00-03:00', to: '2026-09-01T23:59:59.999-03:00' })).total).toBe(1);
  });

  it('shows a player only their own entries, whatever the body says', async () => {
    const a = await buildPlayer(t.app);
    const b = await buildPlayer(t.app);
    await post(deposit(key('a'), a.user.id, 4_200));
    expect((await records(b)).total).toBe(0);
    const sneaky = await call<Page>(t.app, 'appUserCoinDetail', { userId: a.user.id, uid: a.user.id }, b.token);
    expect(sneaky.code === 200 ? sneaky.data.total : sneaky.code).not.toBe(1);
    expect((await records(a)).list.map((r) => r.amount)).toEqual([4_200]);
  });

  it('shows each safebox move made through the safebox calls as one row, with the safebox balance after it', async () => {
    const p = await buildPlayer(t.app);
    await post(deposit(key('d'), p.user.id, 3_000));
    const moved = await call(t.app, 'safeboxDeposit', { amount: 1_000, requestId: key('req') }, p.token);
    expect(moved.code, moved.msg).toBe(200);
    const page = await records(p, { kind: 'safebox' });
    expect(page.total).toBe(1);
    expect(page.list.map((r) => [r.reason, r.book, r.amount, r.balanceAfter, r.safeboxAfter])).toEqual([['safebox_in', 'coin', -1_000, 2_000, 1_000]]);
  });

  it('a withdrawal request is one row going out, pending; paid out it is the same row, paid', async () => {
    const p = await buildPlayer(t.app);
    await post({ ...deposit(key('d'), p.user.id, 10_000), at: t.clock.now() });
    t.clock.advance(1_000);
    const requested = await requestWithdrawal(t, p, await addPixAccount(t, p), 6_000);
    expect(requested.code, requested.msg).toBe(200);
    const orderId = requested.data.order.orderId as string;

    const before = await records(p);
    expect(before.list.map((r) => [r.kind, r.reason, r.amount, r.balanceAfter, r.status, r.orderId])).toEqual([
      ['withdraw', 'withdraw_hold', -6_000, 4_000, 'pending', orderId],
      ['deposit', 'deposit', 10_000, 10_000, null, null],
    ]);
    expect(before.list[0]!.timeline.map((s) => s.step)).toEqual(['requested']);
    // Nothing reads as money coming in.
    expect(before.list.filter((r) => r.kind === 'withdraw' && r.amount > 0)).toEqual([]);

    t.clock.advance(60_000);
    expect((await staffCall(t, 'POST', `/withdrawals/${orderId}/approve`, {})).data).toMatchObject({ status: 'paid' });
    const after = await records(p);
    expect(after.total).toBe(2);
    expect(after.list[0]).toMatchObject({ reason: 'withdraw_hold', amount: -6_000, balanceAfter: 4_000, status: 'paid', orderId, note: null });
    expect(after.list[0]!.timeline.map((s) => s.step)).toEqual(['requested', 'approved', 'paid']);
    expectRunningBalance(after.list);
  });

  it('a rejected withdrawal shows its request as rejected and the amount returned as its own row, balances following', async () => {
    const p = await buildPlayer(t.app);
    await post({ ...deposit(key('d'), p.user.id, 10_000), at: t.clock.now() });
    t.clock.advance(1_000);
    const requested = await requestWithdrawal(t, p, await addPixAccount(t, p), 5_000);
    const orderId = requested.data.order.orderId as string;
    t.clock.advance(60_000);
    await post({ ...bet(key('b'), p.user.id, 1_000), at: t.clock.now() });
    t.clock.advance(60_000);
    const r = await staffCall(t, 'POST', `/withdrawals/${orderId}/reject`, { reason: 'Account holder does not match the player' });
    expect(r.code, r.msg).toBe(200);
    const page = await records(p);
    expect(page.list.map((x) => [x.reason, x.amount, x.balanceAfter, x.status])).toEqual([
      ['withdraw_release', 5_000, 9_000, 'rejected'],
      ['bet', -1_000, 4_000, null],
      ['withdraw_hold', -5_000, 5_000, 'rejected'],
      ['deposit', 10_000, 10_000, null],
    ]);
    expect(page.list[2]!.timeline.map((s) => s.step)).toEqual(['requested', 'rejected', 'returned']);
    expect(page.list[2]!.note).toBe('Account holder does not match the player');
    expectRunningBalance(page.list);
  });

  it('a game session is one row: its rounds, stake, payout and net; other money between splits it', async () => {
    const secret = 'wallet-records-agg-secret-0123456';
    const cat = await ensureCatalogue(t.database.db, { platformCode: 'wr-agg', secret });
    const agg = providerClient(t, cat, secret);
    const p = await buildPlayer(t.app);
    await post({ ...deposit(key('d'), p.user.id, 10_000), at: t.clock.now() });
    t.clock.advance(1_000);
    const token = await agg.session(p.user.id, 'real', cat.games[0]!);
    const game = cat.games[0]!.code;
    const round = async (stake: number, win: number) => {
      const roundId = key('round');
      expect((await agg.call('bet', { sessionToken: token, transactionId: key('bet'), roundId, gameCode: game, amount: stake })).body.status).toBe('OK');
      expect((await agg.call('win', { sessionToken: token, transactionId: key('win'), roundId, amount: win, endRound: true })).body.status).toBe('OK');
      t.clock.advance(10_000);
    };
    await round(100, 0);
    await round(150, 548);
    await round(200, 0);
    await post({ ...deposit(key('d2'), p.user.id, 1_000), at: t.clock.now() });
    t.clock.advance(10_000);
    await round(50, 0);
    const page = await records(p);
    expect(page.list.map((r) => [r.kind, r.reason, r.amount, r.game && [r.game.rounds, r.game.bet, r.game.win, r.game.gameName]])).toEqual([
      ['game', 'game_session', -50, [1, 50, 0, 'Game test-slot']],
      ['deposit', 'deposit', 1_000, null],
      ['game', 'game_session', 98, [3, 450, 548, 'Game test-slot']],
      ['deposit', 'deposit', 10_000, null],
    ]);
    expect(page.list[2]!.balanceAfter).toBe(10_098);
    expectRunningBalance(page.list);
    expect((await records(p, { kind: 'game' })).total).toBe(2);
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'appUserCoinDetail', {});
    expect(res.code).toBe(ErrorCode.unauthorized);
    expect(res.data).toBeNull();
  });

  it('refuses bad input with 400 and no records', async () => {
    const p = await buildPlayer(t.app);
    await post(deposit(key('d'), p.user.id, 100));
    for (const body of [
      { pageSize: 0 },
      { pageSize: 1000 },
      { pageNum: 0 },
      { pageNum: 1.5 },
      { kind: 'lottery' },
      { from: 'yesterday' },
      { from: '2026-02-30' },
      { from: '2026-09-03', to: '2026-09-02' },
      { from: '2026-09-02T10:00:00Z', to: '2026-09-02T09:59:59Z' },
    ]) {
      const res = await call(t.app, 'appUserCoinDetail', body, p.token);
      expect(res.code, JSON.stringify(body)).toBe(ErrorCode.badRequest);
      expect((res.data as { list?: unknown } | null)?.list, JSON.stringify(body)).toBeUndefined();
    }
    const bad = await call(t.app, 'appUserCoinDetail', { from: '2026-09-03', to: '2026-09-02' }, p.token);
    expect(bad.msg).toBe('The start date must not be after the end date');
  });
});

it('maps reasons to kinds in one place, unknown to other', () => {
  expect(kindOfReason('deposit')).toBe('deposit');
  expect(kindOfReason('withdraw_hold')).toBe('withdraw');
  expect(kindOfReason('safebox_out')).toBe('safebox');
  expect(kindOfReason('bet')).toBe('game');
  expect(kindOfReason('reward_vip')).toBe('bonus');
  expect(kindOfReason('depositx')).toBe('other');
  expect(kindOfReason('')).toBe('other');
});
