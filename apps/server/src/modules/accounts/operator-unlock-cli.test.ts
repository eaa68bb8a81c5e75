import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, TEST_OPERATOR_TOKEN, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../../../..');
const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
const cli = resolve(repoRoot, 'apps/server/src/scripts/ops.ts');

describeDb('operator CLI: npm run ops -- players unlock', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => t?.close());

  const ops = async (args: string[]) => {
    try {
      const { stdout } = await run(tsx, [cli, ...args, '--url', url], { env: { ...process.env, OPERATOR_TOKEN: TEST_OPERATOR_TOKEN }, cwd: repoRoot });
      return { ok: true, out: stdout };
    } catch (err) {
      const e = err as { stderr: string; code: number };
      return { ok: false, out: e.stderr, exit: e.code };
    }
  };

  it('lifts a login lockout by account name, so the owner gets in without a phone', async () => {
    const p = await buildPlayer(t.app);
    for (let i = 0; i < 10; i++) await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' });
    const locked = await call(t.app, 'accountLogin', { account: p.account, password: p.password });
    expect(locked.code).toBe(ErrorCode.accountLocked);

    const out = await ops(['players', 'unlock', p.account]);
    expect(out).toEqual({ ok: true, out: `${p.account} (#${p.user.id}) unlocked: the lock would have lasted until ${locked.data.lockedUntil}; failed logins forgotten\n` });
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(200);

    const unknown = await ops(['players', 'unlock', 'nobody_here_42']);
    expect(unknown).toMatchObject({ ok: false, exit: 1 });
    expect(unknown.out).toContain('No player nobody_here_42');
    expect((await ops(['players', 'unlock'])).out).toContain('unlock needs a player');
  }, 60_000);
});
