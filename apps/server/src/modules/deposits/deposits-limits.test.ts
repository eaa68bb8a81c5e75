import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { channels, openOrder } from './deposits-test-kit.ts';

const HOUR = 3600_000;
const noLimit = { amount: null, pending: null, used: 0, remaining: null };

describeDb('deposits: deposit limits (responsible gaming)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('starts with no limits and sets a first limit at once', async () => {
    const p = await buildPlayer(t.app);
    expect((await call(t.app, 'getDepositLimits', {}, p.token)).data).toEqual({ day: noLimit, week: noLimit, month: noLimit });
    const set = await call(t.app, 'setDepositLimits', { day: 10000 }, p.token);
    expect(set.code, set.msg).toBe(200);
    expect(set.data.day).toEqual({ amount: 10000, pending: null, used: 0, remaining: 10000 });
    expect(set.data.week).toEqual(noLimit);
  });

  it('blocks an order over the limit with the limit and what is left, counting open orders', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    await call(t.app, 'setDepositLimits', { day: 10000 }, p.token);
    await openOrder(t.app, p, { typeId: pix.id, amount: 7000 });
    const before = await countRows(t.database, 'deposit_order');
    const res = await call(t.app, 'recharge', { typeId: pix.id, amount: 5000 }, p.token);
    expect(res).toMatchObject({
      code: ErrorCode.depositLimitExceeded,
      msg: 'This deposit would exceed your daily deposit limit of 100: you can deposit up to 30 more now',
      data: { period: 'day', limit: 10000, remaining: 3000 },
    });
    expect(await countRows(t.database, 'deposit_order')).toBe(before);
    await openOrder(t.app, p, { typeId: pix.id, amount: 3000 });
    expect((await call(t.app, 'getDepositLimits', {}, p.token)).data.day).toMatchObject({ used: 10000, remaining: 0 });
  });

  it('frees the room of an order that expired unpaid, and the rolling day moves on', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    await call(t.app, 'setDepositLimits', { day: 5000, week: 8000 }, p.token);
    await openOrder(t.app, p, { typeId: pix.id, amount: 5000 });
    expect((await call(t.app, 'recharge', { typeId: pix.id, amount: 1000 }, p.token)).code).toBe(ErrorCode.depositLimitExceeded);
    t.clock.advance(31 * 60_000);
    await openOrder(t.app, p, { typeId: pix.id, amount: 5000 });
    // The expired order no longer counts in any window.
    expect((await call(t.app, 'getDepositLimits', {}, p.token)).data.week).toMatchObject({ amount: 8000, used: 5000, remaining: 3000 });
  });

  it('lowers at once, but a raise or a removal waits 24 hours while the lower limit holds', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    await call(t.app, 'setDepositLimits', { day: 20000, month: 50000 }, p.token);
    const lowered = await call(t.app, 'setDepositLimits', { day: 5000 }, p.token);
    expect(lowered.data.day).toMatchObject({ amount: 5000, pending: null });

    const raised = await call(t.app, 'setDepositLimits', { day: 30000, month: null }, p.token);
    const effectiveAt = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(raised.data.day).toMatchObject({ amount: 5000, pending: { amount: 30000, effectiveAt } });
    expect(raised.data.month).toMatchObject({ amount: 50000, pending: { amount: null, effectiveAt } });
    expect((await call(t.app, 'recharge', { typeId: pix.id, amount: 10000 }, p.token)).code).toBe(ErrorCode.depositLimitExceeded);

    t.clock.advance(24 * HOUR - 1000);
    expect((await call(t.app, 'recharge', { typeId: pix.id, amount: 10000 }, p.token)).code).toBe(ErrorCode.depositLimitExceeded);
    t.clock.advance(1000);
    const now = (await call(t.app, 'getDepositLimits', {}, p.token)).data;
    expect(now.day).toMatchObject({ amount: 30000, pending: null });
    expect(now.month).toEqual(noLimit);
    await openOrder(t.app, p, { typeId: pix.id, amount: 10000 });
  });

  it('a lower value cancels a waiting raise', async () => {
    const p = await buildPlayer(t.app);
    await call(t.app, 'setDepositLimits', { week: 10000 }, p.token);
    await call(t.app, 'setDepositLimits', { week: 90000 }, p.token);
    const res = await call(t.app, 'setDepositLimits', { week: 8000 }, p.token);
    expect(res.data.week).toMatchObject({ amount: 8000, pending: null });
    t.clock.advance(25 * HOUR);
    expect((await call(t.app, 'getDepositLimits', {}, p.token)).data.week.amount).toBe(8000);
  });

  it('refuses bad limit values and changes nothing', async () => {
    const p = await buildPlayer(t.app);
    await call(t.app, 'setDepositLimits', { day: 10000 }, p.token);
    expect((await call(t.app, 'setDepositLimits', { day: 0 }, p.token)).code).toBe(400);
    expect((await call(t.app, 'setDepositLimits', { day: -100 }, p.token)).code).toBe(400);
    expect((await call(t.app, 'setDepositLimits', { week: 1050 }, p.token))).toMatchObject({ code: 400, data: { fields: { week: 'Use whole coins' } } });
    expect((await call(t.app, 'setDepositLimits', { day: 1.5 }, p.token)).code).toBe(400);
    expect((await call(t.app, 'getDepositLimits', {}, p.token)).data.day.amount).toBe(10000);
    expect((await call(t.app, 'getDepositLimits', {}, p.token)).data.week).toEqual(noLimit);
  });

  it('keeps each player\'s limits to themselves', async () => {
    const a = await buildPlayer(t.app);
    const b = await buildPlayer(t.app);
    await call(t.app, 'setDepositLimits', { day: 10000 }, a.token);
    expect((await call(t.app, 'getDepositLimits', {}, b.token)).data.day).toEqual(noLimit);
    expect((await call(t.app, 'getDepositLimits', {})).code).toBe(401);
  });
});
