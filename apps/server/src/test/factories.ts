import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './create-test-app.ts';

let seq = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A fresh phone number (digits only), unique within the run. */
export function newMobile(): string {
  return `55${11_900_000_000 + Math.floor(Math.random() * 90_000_000) + seq++}`;
}

export interface TestPlayer {
  account: string;
  password: string;
  token: string;
  user: { id: number; inviteCode: string; [k: string]: unknown };
}

/** Registers a player through the real accountRegist call and returns their session. */
export async function buildPlayer(app: FastifyInstance, over: { account?: string; password?: string; inviteCode?: string } = {}): Promise<TestPlayer> {
  const account = over.account ?? `p_${unique()}`.slice(0, 16);
  const password = over.password ?? 'secret-pass-1';
  const res = await call(app, 'accountRegist', { account, password, ...(over.inviteCode ? { inviteCode: over.inviteCode } : {}) });
  expect(res.code, res.msg).toBe(200);
  return { account, password, token: res.data.token, user: res.data.user };
}
