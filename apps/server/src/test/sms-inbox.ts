import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './create-test-app.ts';

/** Reads the newest code the dev SMS provider "sent" to this phone, as browser tests do. */
export async function latestSmsCode(app: FastifyInstance, mobile: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/dev/sms-inbox?mobile=${encodeURIComponent(mobile)}` });
  expect(res.statusCode).toBe(200);
  const messages = res.json() as { code: string; text: string }[];
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!.code;
}

/** smsSend that must succeed, then the code from the inbox. */
export async function sendCode(app: FastifyInstance, mobile: string, type: number, token?: string): Promise<string> {
  const res = await call(app, 'smsSend', { mobile, type }, token);
  expect(res.code, res.msg).toBe(200);
  return latestSmsCode(app, mobile);
}
