import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { operatorCli } from '../../test/operator-cli.ts';
import { buildPlayer } from '../../test/factories.ts';


describeDb('operator CLI: npm run ops -- players unlock', () => {
  let t: TestApp;
  let ops: Awaited<ReturnType<typeof operatorCli>>;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await operatorCli(t);
  });
  afterAll(async () => t?.close());

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
