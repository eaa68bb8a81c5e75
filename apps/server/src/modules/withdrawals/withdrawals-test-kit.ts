import { expect } from 'vitest';
import { call, TEST_OPERATOR_TOKEN, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { deposit } from '../ledger/ledger-test-helpers.ts';

/** The seeded payout channels by name, from the real call. */
export async function payoutChannels(t: TestApp, p: TestPlayer) {
  const r = await call(t.app, 'getBankInfoList', {}, p.token);
  expect(r.code, r.msg).toBe(200);
  const list = r.data.channels as Array<{ id: number; name: string; minAmount: number; maxAmount: number | null; banks: Array<{ id: number; name: string }> }>;
  const byName = (name: string) => {
    const c = list.find((x) => x.name === name);
    if (!c) throw new Error(`no payout channel ${name}`);
    return c;
  };
  return { pix: byName('PIX'), bank: byName('Bank transfer') };
}

/** A player with `coins` whole coins deposited (a deposit-shaped ledger transfer). */
export async function fundedPlayer(t: TestApp, coins: number): Promise<TestPlayer> {
  const p = await buildPlayer(t.app);
  if (coins > 0) await transfer(t.database.db, deposit(`test-fund:${p.user.id}`, p.user.id, coins * 100, 'pix'));
  return p;
}

/** Saves a PIX account and answers its id. */
export async function addPixAccount(t: TestApp, p: TestPlayer, accountNo = '12345678901'): Promise<number> {
  const { pix } = await payoutChannels(t, p);
  const r = await call(t.app, 'addBankInfo', { typeId: pix.id, accountName: 'Ana Souza', accountNo }, p.token);
  expect(r.code, r.msg).toBe(200);
  const saved = (r.data.list as Array<{ id: number; accountNoMasked: string }>).find((a) => a.accountNoMasked.endsWith(accountNo.slice(-4)));
  if (!saved) throw new Error('the new account is not listed');
  return saved.id;
}

let seq = 0;
/** An exchange call with a fresh requestId unless one is given. */
export async function requestWithdrawal(t: TestApp, p: TestPlayer, accountId: number, amount: number, requestId = `req-${Date.now()}-${++seq}`) {
  return call(t.app, 'exchange', { accountId, amount, requestId }, p.token);
}

export async function balances(t: TestApp, p: TestPlayer) {
  const r = await call(t.app, 'refreshData', {}, p.token);
  return { coin: r.data.coin as number, exchange: r.data.exchange as number };
}

/** A call to the operator API, as the CLI makes it. */
export async function staffCall(t: TestApp, method: 'GET' | 'POST', path: string, body?: unknown, token: string | null = TEST_OPERATOR_TOKEN) {
  const res = await t.app.inject({
    method,
    url: `/operator/v1${path}`,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  const json = res.json() as { code: number; msg: string; data: Record<string, unknown> | null };
  return { status: res.statusCode, ...json };
}
