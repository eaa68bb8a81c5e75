import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { channels, openOrder, sendWebhook } from './deposits-test-kit.ts';

const MINUTE = 60_000;
type Order = { orderId: string; status: string; amount: number; typeName: string; paidAt: string | null };
type Page = { list: Order[]; pageNum: number; pageSize: number; total: number; pages: number };

describeDb('deposits: the player\'s deposit history (getRechargeOrderList)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lists every order with its status, newest first: paid, declined, abandoned and open ones stay', async () => {
    const p = await buildPlayer(t.app);
    const { pix, bank } = await channels(t.app, p.token);
    const paid = await openOrder(t.app, p, { typeId: pix.id, amount: 2_000 });
    expect((await sendWebhook(t, { orderId: paid.orderId, status: 'paid', amount: 2_000 })).outcome).toBe('credited');
    t.clock.advance(MINUTE);
    const declined = await openOrder(t.app, p, { typeId: bank.id, amount: 20_000, bankId: bank.banks[0]!.id });
    expect((await sendWebhook(t, { orderId: declined.orderId, status: 'declined', amount: 20_000 })).outcome).toBe('failed');
    t.clock.advance(MINUTE);
    const abandoned = await openOrder(t.app, p, { typeId: pix.id, amount: 30_000 });
    t.clock.advance(31 * MINUTE);
    const open = await openOrder(t.app, p, { typeId: pix.id, amount: 40_000 });

    const res = await call<Page>(t.app, 'getRechargeOrderList', {}, p.token);
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ pageNum: 1, pageSize: 20, total: 4, pages: 1 });
    expect(res.data.list.map((o) => [o.orderId, o.status, o.amount, o.typeName])).toEqual([
      [open.orderId, 'pending', 40_000, 'PIX'],
      [abandoned.orderId, 'expired', 30_000, 'PIX'],
      [declined.orderId, 'failed', 20_000, 'Bank transfer'],
      [paid.orderId, 'paid', 2_000, 'PIX'],
    ]);
    expect(res.data.list[3]!.paidAt).not.toBeNull();

    const only = async (status: string) => (await call<Page>(t.app, 'getRechargeOrderList', { status }, p.token)).data.list.map((o) => o.orderId);
    expect(await only('expired')).toEqual([abandoned.orderId]);
    expect(await only('failed')).toEqual([declined.orderId]);
    expect(await only('pending')).toEqual([open.orderId]);
    expect(await only('paid')).toEqual([paid.orderId]);
  });

  it('pages by 20 and answers an empty page past the end with the real total', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    for (let i = 0; i < 3; i++) await openOrder(t.app, p, { typeId: pix.id, amount: 1_000 * (i + 1) });
    const first = await call<Page>(t.app, 'getRechargeOrderList', { pageSize: 2 }, p.token);
    expect(first.data).toMatchObject({ total: 3, pages: 2 });
    expect(first.data.list.map((o) => o.amount)).toEqual([3_000, 2_000]);
    const past = await call<Page>(t.app, 'getRechargeOrderList', { pageNum: 3, pageSize: 2 }, p.token);
    expect(past.data).toEqual({ list: [], pageNum: 3, pageSize: 2, total: 3, pages: 2 });
  });

  it('shows a player only their own orders and needs a session', async () => {
    const a = await buildPlayer(t.app);
    const b = await buildPlayer(t.app);
    const { pix } = await channels(t.app, a.token);
    await openOrder(t.app, a, { typeId: pix.id, amount: 1_000 });
    expect((await call<Page>(t.app, 'getRechargeOrderList', { userId: a.user.id }, b.token)).data?.total ?? 0).toBe(0);
    expect((await call(t.app, 'getRechargeOrderList', {})).code).toBe(ErrorCode.unauthorized);
    expect((await call(t.app, 'getRechargeOrderList', { status: 'declined' }, a.token)).code).toBe(ErrorCode.badRequest);
  });
});
