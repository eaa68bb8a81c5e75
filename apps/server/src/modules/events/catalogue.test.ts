import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuthMode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, newMobile } from '../../test/factories.ts';
import { sendCode } from '../../test/sms-inbox.ts';
import { newUserId } from '../accounts/accounts-test-kit.ts';
import { channels, openOrder, sendWebhook } from '../deposits/deposits-test-kit.ts';
import { ensureCatalogue, fund, providerClient, sweepIdleRounds } from '../game-wallet/game-wallet-test-kit.ts';
import { DAY } from '../../lib/clock.ts';
import { eventCatalogue, parseEvent } from './catalogue.ts';

const SECRET = 'test-catalogue-secret-0123456789';

describeDb('domain event catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('matches what the real writers put in the outbox, the SQL ones included', async () => {
    const db = t.database.db;
    // A deposit credited through its signed webhook.
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount: 5000 });
    expect(await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 5000 })).toMatchObject({ outcome: 'credited' });
    // Registering logs in (account.logged_in); a phone bound with bindAccount (account.phone_bound).
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.bind, p.token);
    expect((await call(t.app, 'bindAccount', { mobile, code }, p.token)).code).toBe(200);

    // Game rounds through the signed provider protocol: settled by the provider, rolled back, left idle.
    const cat = await ensureCatalogue(db, { platformCode: 'test-events', secret: SECRET });
    const agg = providerClient(t, cat, SECRET);
    const userId = await newUserId(db);
    await fund(db, userId, 100_000);
    const token = await agg.session(userId);
    const ok = async (action: string, body: Record<string, unknown>) => expect((await agg.call(action, { sessionToken: token, ...body })).body.status).toBe('OK');
    await ok('bet', { transactionId: 'b1', roundId: 'r1', gameCode: 'test-slot', amount: 1000 });
    await ok('win', { transactionId: 'w1', roundId: 'r1', amount: 2500, endRound: true });
    await ok('bet', { transactionId: 'b2', roundId: 'r2', gameCode: 'test-slot', amount: 700 });
    await ok('rollback', { transactionId: 'rb2', roundId: 'r2', rollbackTransactionId: 'b2' });
    await ok('endRound', { roundId: 'r2' });
    await ok('bet', { transactionId: 'b3', roundId: 'r3', gameCode: 'test-slot', amount: 300 });
    t.clock.advance(2 * DAY);
    expect(await sweepIdleRounds(db, new Date(t.clock.now().getTime() - DAY), t.clock.now(), 100)).toBe(1);

    const res = (await db.execute(sql`SELECT id::int AS id, type, payload, created_at AS "createdAt" FROM domain_event ORDER BY id`)) as unknown as {
      rows: { id: number; type: string; payload: unknown; createdAt: string | Date }[];
    };
    const events = res.rows.map((r) => parseEvent({ ...r, createdAt: new Date(r.createdAt) }));
    expect(new Set(events.map((e) => e.name))).toEqual(new Set(['deposit.credited', 'game.bet_placed', 'game.round_settled', 'account.logged_in', 'account.phone_bound']));
    for (const name of ['account.logged_in', 'account.phone_bound']) expect(events.find((e) => e.name === name)?.payload).toEqual({ userId: p.user.id });
    const settled = events.flatMap((e) => (e.name === 'game.round_settled' ? [e.payload] : []));
    expect(settled.map((s) => [s.roundId, s.status, s.bet, s.win, s.endedBy])).toEqual([
      ['r1', 'settled', 1000, 2500, 'provider'],
      ['r2', 'rolledBack', 0, 0, 'provider'],
      ['r3', 'settled', 300, 0, 'idle'],
    ]);
    expect(events.find((e) => e.name === 'deposit.credited')?.payload).toMatchObject({ orderId: order.orderId, amount: 5000, isFirstDeposit: true, isLate: false });
    expect(events.every((e) => e.version === eventCatalogue[e.name].version)).toBe(true);
  });

  it('refuses a stored payload that does not match its entry, and an event it does not know', () => {
    const at = new Date();
    expect(() => parseEvent({ id: 1, type: 'game.bet_placed', payload: { userId: 1, platform: 'x' }, createdAt: at })).toThrow(/does not match the catalogue/);
    expect(() => parseEvent({ id: 2, type: 'game.bet_won', payload: {}, createdAt: at })).toThrow(/unknown event game.bet_won/);
  });
});
