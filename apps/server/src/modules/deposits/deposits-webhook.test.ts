import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, setAppConfig, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { channels, openOrder, orderStatus, sendWebhook } from './deposits-test-kit.ts';

const coinOf = async (t: TestApp, p: TestPlayer) => (await call(t.app, 'refreshData', {}, p.token)).data as { coin: number; totalRecharge: number };

describeDb('deposits: payment webhooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const newOrder = async (amount = 5000) => {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount });
    return { p, order, pix };
  };

  it('credits a paid order once: balance, totalRecharge, last channel and one outbox event', async () => {
    const { p, order, pix } = await newOrder(5000);
    const first = await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 5000 });
    expect(first).toMatchObject({ status: 200, code: 200, outcome: 'credited' });
    expect(await coinOf(t, p)).toMatchObject({ coin: 5000, totalRecharge: 5000 });
    expect(await orderStatus(t.app, p, order.orderId)).toMatchObject({ status: 'paid', isLate: false });

    const replay = await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 5000 });
    expect(replay).toMatchObject({ status: 200, outcome: 'duplicate' });
    expect(await coinOf(t, p)).toMatchObject({ coin: 5000, totalRecharge: 5000 });

    const events = (await t.database.db.execute(sql`select type, payload from domain_event where payload->>'orderId' = ${order.orderId}`)) as unknown as {
      rows: Array<{ type: string; payload: Record<string, unknown> }>;
    };
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]).toMatchObject({ type: 'deposit.credited', payload: { userId: p.user.id, amount: 5000, isFirstDeposit: true, channel: 'pix' } });
    const info = await call(t.app, 'getRechargeInfo', {}, p.token);
    expect(info.data).toMatchObject({ totalRecharge: 5000, lastRechargeTypeId: pix.id, useMinAmount2: true });
  });

  it('after a credited deposit the second minimum applies, only while minRechargeStatus is on', async () => {
    const { p, order, pix } = await newOrder(2000);
    expect((await call(t.app, 'recharge', { typeId: pix.id, amount: 2000 }, p.token)).code).toBe(200);
    await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 2000 });
    const low = await call(t.app, 'recharge', { typeId: pix.id, amount: 5000 }, p.token);
    expect(low).toMatchObject({ code: ErrorCode.depositBelowMinimum, msg: 'The minimum deposit for PIX is 100' });
    await setAppConfig(t.database, 'minRechargeStatus', false);
    expect((await call(t.app, 'recharge', { typeId: pix.id, amount: 5000 }, p.token)).code).toBe(200);
    await setAppConfig(t.database, 'minRechargeStatus', true);
  });

  it('a decline fails the order; a decline after payment is ignored; payment after a decline still credits', async () => {
    const a = await newOrder(3000);
    expect((await sendWebhook(t, { orderId: a.order.orderId, status: 'declined', amount: 3000 })).outcome).toBe('failed');
    expect((await orderStatus(t.app, a.p, a.order.orderId)).status).toBe('failed');
    expect((await sendWebhook(t, { orderId: a.order.orderId, status: 'declined', amount: 3000 })).outcome).toBe('duplicate');
    expect((await coinOf(t, a.p)).coin).toBe(0);

    const b = await newOrder(4000);
    await sendWebhook(t, { orderId: b.order.orderId, status: 'paid', amount: 4000 });
    expect((await sendWebhook(t, { orderId: b.order.orderId, status: 'declined', amount: 4000 })).outcome).toBe('ignored');
    expect((await orderStatus(t.app, b.p, b.order.orderId)).status).toBe('paid');
    expect((await coinOf(t, b.p)).coin).toBe(4000);

    expect((await sendWebhook(t, { orderId: a.order.orderId, status: 'paid', amount: 3000 })).outcome).toBe('credited');
    expect((await coinOf(t, a.p)).coin).toBe(3000);
  });

  it('credits a payment that arrives after expiry, marked late', async () => {
    const { p, order } = await newOrder(6000);
    t.clock.advance(45 * 60_000);
    expect((await orderStatus(t.app, p, order.orderId)).status).toBe('expired');
    expect((await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 6000 })).outcome).toBe('credited');
    expect(await orderStatus(t.app, p, order.orderId)).toMatchObject({ status: 'paid', isLate: true });
    expect((await coinOf(t, p)).coin).toBe(6000);
  });

  it('refuses forged, stale, tampered and mismatched notifications and changes nothing', async () => {
    const { p, order } = await newOrder(5000);
    const events = await countRows(t.database, 'domain_event');
    const forged = await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 5000 }, { secret: 'someone-elses-secret-123' });
    expect(forged).toMatchObject({ status: 401, code: ErrorCode.webhookSignatureInvalid });
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const stale = await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 5000 }, { timestamp: now - 6 * 60 });
    expect(stale).toMatchObject({ status: 401, msg: 'The notification timestamp is outside the allowed window' });
    expect((await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 5000 }, { timestamp: now + 6 * 60 })).status).toBe(401);
    const tampered = await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 5000 }, {
      tamperedBody: JSON.stringify({ eventId: 'x', providerRef: 'x', occurredAt: 'x', orderId: order.orderId, status: 'paid', amount: 500000 }),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/provider/v1/payments/sandbox/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(unsigned.statusCode).toBe(401);
    const wrongAmount = await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 9000 });
    expect(wrongAmount.code).toBe(ErrorCode.webhookMismatch);
    expect((await sendWebhook(t, { orderId: 'DPNOPE', status: 'paid', amount: 5000 })).code).toBe(ErrorCode.depositOrderNotFound);

    expect((await orderStatus(t.app, p, order.orderId)).status).toBe('pending');
    expect((await coinOf(t, p)).coin).toBe(0);
    expect(await countRows(t.database, 'domain_event')).toBe(events);
    // Within the window a slightly skewed provider clock is fine.
    expect((await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 5000 }, { timestamp: now - 4 * 60 })).outcome).toBe('credited');
  });

  it('the pay page buttons make the provider send signed webhooks and return the player to the app', async () => {
    const { p, order } = await newOrder(7000);
    const token = new URL(order.payUrl, 'http://x').searchParams.get('token')!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${order.orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, action: 'approve' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/wallets?name=deposit&orderId=${order.orderId}`);
    expect((await coinOf(t, p)).coin).toBe(7000);
    const page = await t.app.inject({ method: 'GET', url: order.payUrl });
    expect(page.body).toContain('already paid');
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${order.orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=guess&action=approve',
    });
    expect(wrong.statusCode).toBe(404);
  });

  it.runIf(TEST_DB === 'pg')('two concurrent paid notifications credit once', async () => {
    const { p, order } = await newOrder(8000);
    const results = await Promise.all(Array.from({ length: 8 }, () => sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 8000 })));
    expect(results.map((r) => r.outcome).sort()).toEqual(['credited', ...Array(7).fill('duplicate')]);
    expect(await coinOf(t, p)).toMatchObject({ coin: 8000, totalRecharge: 8000 });
  });
});
