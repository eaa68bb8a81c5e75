import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type TestApp } from '../../test/create-test-app.ts';
import type { TestPlayer } from '../../test/factories.ts';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, SANDBOX_WEBHOOK_PATH, signSandbox } from '../payments/payments-test-kit.ts';

/** The seeded channels by name, from the real trade info call. */
export async function channels(app: FastifyInstance, token: string) {
  const info = await call(app, 'getRechargeInfo', {}, token);
  expect(info.code, info.msg).toBe(200);
  const types = Object.values(info.data.appRechargeTypeMap) as Array<{ id: number; name: string; banks: Array<{ id: number }> }>;
  const byName = (name: string) => {
    const t = types.find((x) => x.name === name);
    if (!t) throw new Error(`no channel ${name}`);
    return t;
  };
  return { info: info.data, pix: byName('PIX'), bank: byName('Bank transfer'), wallet: byName('E-wallet') };
}

/** A recharge that must succeed. */
export async function openOrder(app: FastifyInstance, p: TestPlayer, body: Record<string, unknown>) {
  const res = await call(app, 'recharge', body, p.token);
  expect(res.code, res.msg).toBe(200);
  return res.data as { orderId: string; payUrl: string; expiresAt: string };
}

export interface WebhookOpts {
  secret?: string;
  /** Unix seconds; defaults to the app clock. */
  timestamp?: number;
  /** Sent instead of the signed body (a body changed after signing). */
  tamperedBody?: string;
}

/** Sends a webhook as the sandbox provider would, signed with the test secret unless told otherwise. */
export async function sendWebhook(t: TestApp, n: { orderId: string; status: 'paid' | 'declined'; amount: number }, o: WebhookOpts = {}) {
  const rawBody = JSON.stringify({ eventId: `ev-${Math.random()}`, providerRef: `ref-${n.orderId}`, occurredAt: t.clock.now().toISOString(), ...n });
  const ts = String(o.timestamp ?? Math.floor(t.clock.now().getTime() / 1000));
  const res = await t.app.inject({
    method: 'POST',
    url: SANDBOX_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_TIMESTAMP_HEADER]: ts,
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(o.secret ?? t.config.sandboxPaymentSecret, ts, rawBody),
    },
    payload: o.tamperedBody ?? rawBody,
  });
  const json = res.json() as { code: number; msg: string; data: { outcome?: string } | null };
  return { status: res.statusCode, code: json.code, msg: json.msg, outcome: json.data?.outcome };
}

export async function orderStatus(app: FastifyInstance, p: TestPlayer, orderId: string) {
  const res = await call(app, 'getRechargeOrder', { orderId }, p.token);
  expect(res.code, res.msg).toBe(200);
  return res.data as { status: string; isLate: boolean; amount: number };
}
