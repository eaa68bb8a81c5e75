import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, setAppConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { channels, openOrder, orderStatus } from './deposits-test-kit.ts';

const MINUTE = 60_000;

describeDb('deposits: trade info and orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers the seeded channels, items and links, and only the hash when the client already has it', async () => {
    const p = await buildPlayer(t.app);
    const { info, pix, bank } = await channels(t.app, p.token);
    expect(info).toMatchObject({ unchanged: false, totalRecharge: 0, lastRechargeTypeId: null, useMinAmount2: false });
    expect(pix).toMatchObject({ isDefault: true, minAmount: 1000, minAmount2: 10000, banks: [] });
    expect(bank.banks.length).toBeGreaterThan(2);
    const prices = (info.appRechargeTypeItemMap[String(bank.id)] as number[]).map((id) => info.appRechargeItemMap[String(id)].price);
    expect(prices).toEqual([5000, 10000, 20000, 50000, 100000]);

    const again = await call(t.app, 'getRechargeInfo', { hash: info.hash }, p.token);
    expect(again.data).toEqual({ hash: info.hash, unchanged: true, totalRecharge: 0, lastRechargeTypeId: null, useMinAmount2: false });
    const stale = await call(t.app, 'getRechargeInfo', { hash: 'old' }, p.token);
    expect(stale.data.unchanged).toBe(false);
    expect(stale.data.appRechargeTypeMap).toBeDefined();
  });

  it('creates a pending order with a pay link that expires after 30 minutes', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount: 2000 });
    expect(order.orderId).toMatch(/^DP[0-9A-F]{20}$/);
    expect(order.payUrl).toMatch(new RegExp(`^/sandbox/pay/${order.orderId}\\?token=[\\w-]{32}$`));
    expect(new Date(order.expiresAt).getTime() - t.clock.now().getTime()).toBe(30 * MINUTE);
    expect(await orderStatus(t.app, p, order.orderId)).toMatchObject({ status: 'pending', amount: 2000, isLate: false });

    t.clock.advance(30 * MINUTE);
    expect((await orderStatus(t.app, p, order.orderId)).status).toBe('expired');
  });

  it('serves the pay page only with the token of the link', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount: 5000 });
    const page = await t.app.inject({ method: 'GET', url: order.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('>50<');
    expect(page.body).toContain('PIX');
    // A player who changes their mind has a way back without paying (issue 13 §5).
    expect(page.body).toMatch(/<a class="sbx__link" href="[^"]*wallets[^"]*" data-testid="sandbox-back">Back to Playhall without paying<\/a>/);
    expect(page.body).not.toMatch(/<script>|onclick=/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const forged = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${order.orderId}?token=not-the-token` });
    expect(forged.statusCode).toBe(404);
    const js = await t.app.inject({ method: 'GET', url: '/sandbox/assets/pay.js' });
    expect(js.headers['content-type']).toContain('javascript');
  });

  it('refuses unknown channels, items from another channel, fractions, and missing banks, changing nothing', async () => {
    const p = await buildPlayer(t.app);
    const { info, pix, bank, wallet } = await channels(t.app, p.token);
    const before = await countRows(t.database, 'deposit_order');
    expect((await call(t.app, 'recharge', { typeId: 9999, amount: 5000 }, p.token)).code).toBe(ErrorCode.depositChannelUnavailable);
    const small = Object.values(info.appRechargeItemMap as Record<string, { id: number; price: number }>).find((i) => i.price === 1000)!;
    const res = await call(t.app, 'recharge', { typeId: bank.id, amount: 1000, itemId: small.id, bankId: bank.banks[0]!.id }, p.token);
    expect(res.code).toBe(ErrorCode.depositItemUnavailable);
    const mismatch = await call(t.app, 'recharge', { typeId: pix.id, amount: 2000, itemId: small.id }, p.token);
    expect(mismatch).toMatchObject({ code: ErrorCode.depositItemUnavailable, msg: 'The chosen option is 10, not 20' });
    expect((await call(t.app, 'recharge', { typeId: pix.id, amount: 2050 }, p.token)).code).toBe(ErrorCode.depositAmountNotWhole);
    expect((await call(t.app, 'recharge', { typeId: bank.id, amount: 5000 }, p.token)).code).toBe(ErrorCode.depositBankRequired);
    expect((await call(t.app, 'recharge', { typeId: wallet.id, amount: 5000, bankId: bank.banks[0]!.id }, p.token)).msg).toBe('E-wallet takes no bank');
    expect((await call(t.app, 'recharge', { typeId: pix.id, amount: -5 }, p.token)).code).toBe(400);
    expect(await countRows(t.database, 'deposit_order')).toBe(before);
    await openOrder(t.app, p, { typeId: bank.id, amount: 5000, bankId: bank.banks[1]!.id });
  });

  it('enforces the channel minimum and maximum with messages naming them', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    const low = await call(t.app, 'recharge', { typeId: pix.id, amount: 900 }, p.token);
    expect(low).toMatchObject({ code: ErrorCode.depositBelowMinimum, msg: 'The minimum deposit for PIX is 10', data: { minAmount: 1000 } });
    const high = await call(t.app, 'recharge', { typeId: pix.id, amount: 5_000_100 }, p.token);
    expect(high).toMatchObject({ code: ErrorCode.depositAboveMaximum, msg: 'The maximum deposit for PIX is 50000' });
    await openOrder(t.app, p, { typeId: pix.id, amount: 5_000_000 });
  });

  it('an operator switching a channel off takes it out of trade info and refuses its orders', async () => {
    const p = await buildPlayer(t.app);
    const { wallet, info } = await channels(t.app, p.token);
    await t.database.db.execute(sql`update recharge_type set enabled = false where id = ${wallet.id}`);
    const after = await call(t.app, 'getRechargeInfo', { hash: info.hash }, p.token);
    expect(after.data.unchanged).toBe(false);
    expect(after.data.appRechargeTypeMap[String(wallet.id)]).toBeUndefined();
    expect((await call(t.app, 'recharge', { typeId: wallet.id, amount: 5000 }, p.token)).code).toBe(ErrorCode.depositChannelUnavailable);
    await t.database.db.execute(sql`update recharge_type set enabled = true where id = ${wallet.id}`);
  });

  it('never shows one player another player\'s order', async () => {
    const owner = await buildPlayer(t.app);
    const other = await buildPlayer(t.app);
    const { pix } = await channels(t.app, owner.token);
    const order = await openOrder(t.app, owner, { typeId: pix.id, amount: 2000 });
    const res = await call(t.app, 'getRechargeOrder', { orderId: order.orderId }, other.token);
    expect(res).toMatchObject({ code: ErrorCode.depositOrderNotFound, data: null });
    expect((await call(t.app, 'getRechargeOrder', { orderId: 'DP0000' }, owner.token)).code).toBe(ErrorCode.depositOrderNotFound);
    expect((await call(t.app, 'getRechargeOrder', { orderId: order.orderId })).code).toBe(401);
    expect((await call(t.app, 'recharge', { typeId: pix.id, amount: 2000 })).code).toBe(401);
  });

  it('never asks for minAmount2 before a first credited deposit, whatever minRechargeStatus says', async () => {
    const p = await buildPlayer(t.app);
    const { info, pix } = await channels(t.app, p.token);
    expect(info.useMinAmount2).toBe(false);
    await openOrder(t.app, p, { typeId: pix.id, amount: 1000 });
    await setAppConfig(t.database, 'minRechargeStatus', false);
    expect((await channels(t.app, p.token)).info.useMinAmount2).toBe(false);
    await setAppConfig(t.database, 'minRechargeStatus', true);
  });
});
