import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ErrorCode,
  ErrorMessage,
  PublicCalls,
  buildOpenApi,
  commonBody,
  endpointList,
  endpoints,
  isPublicCall,
} from './index.ts';

describe('contract registry', () => {
  it('lists every endpoint declared in endpoints/ exactly once, keyed by its path', () => {
    const dir = join(import.meta.dirname, 'endpoints');
    const declared = readdirSync(dir)
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/path: '([^']+)'/g)].map((m) => m[1]))
      .sort();
    expect(Object.keys(endpoints).sort()).toEqual(declared);
    for (const [key, e] of Object.entries(endpoints)) expect(e.path).toBe(key);
  });

  it('puts the common body fields in every request schema', () => {
    for (const e of endpointList) {
      for (const field of Object.keys(commonBody.shape)) expect(e.request.shape).toHaveProperty(field);
      const bad = e.request.safeParse({ channel: 'WEB', appVersion: '1.1.2', platform: 2 });
      expect(bad.error?.issues.map((i) => i.path.join('.'))).toContain('platform');
    }
  });

  it('marks exactly the spec public calls and anonymous/* as public', () => {
    expect([...PublicCalls].sort()).toEqual(
      ['actInviteUserStatus', 'activityGetStatusList', 'exitGame', 'preLogin', 'refreshData'].sort(),
    );
    expect(isPublicCall('anonymous/appConfig')).toBe(true);
    expect(isPublicCall('accountLogin')).toBe(false);
    for (const e of endpointList) expect(e.isPublic).toBe(isPublicCall(e.path));
  });

  it('serves the calls that start a session without one, and nothing else that is not public', () => {
    const sessionless = endpointList.filter((e) => !e.needsSession && !e.isPublic).map((e) => e.path);
    expect(sessionless.sort()).toEqual(
      ['accountLogin', 'accountLoginSms', 'accountRegist', 'accountRegist4', 'forgetPassword', 'smsSend'].sort(),
    );
    expect(endpoints.updateProfile.needsSession).toBe(true);
    expect(endpoints.preLogin.needsSession).toBe(false);
  });

  it('generates an OpenAPI operation for every endpoint with JSON schemas', () => {
    const doc = buildOpenApi() as { paths: Record<string, { post: { requestBody: unknown } }> };
    expect(Object.keys(doc.paths).sort()).toEqual(endpointList.map((e) => `/app/v1/${e.path}`).sort());
    const login = JSON.stringify(doc.paths['/app/v1/accountLogin']);
    expect(login).toContain('"password"');
    expect(login).toContain('"appVersion"');
  });
});

describe('error codes', () => {
  it('are unique and each has a message', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(ErrorMessage[c]).toMatch(/\w/);
  });

  it('include the jackpot draw codes 1001-1004 of the spec', () => {
    expect([ErrorCode.jackpotNoChance, ErrorCode.jackpotNotRunning, ErrorCode.jackpotDepositNeeded, ErrorCode.jackpotTooFrequent]).toEqual([1001, 1002, 1003, 1004]);
  });
});

describe('money', () => {
  it('accepts integer hundredths only', async () => {
    const { money } = await import('./envelope.ts');
    expect(money.safeParse(12345).success).toBe(true);
    expect(money.safeParse(1.5).success).toBe(false);
    expect(money.safeParse(Number.MAX_SAFE_INTEGER + 2).success).toBe(false);
    expect(z.toJSONSchema(money)).toMatchObject({ type: 'integer' });
  });
});
