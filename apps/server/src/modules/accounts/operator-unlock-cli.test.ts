import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuthMode, ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { operatorCli } from '../../test/operator-cli.ts';
import { buildPlayer } from '../../test/factories.ts';
import { sendCode } from '../../test/sms-inbox.ts';


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

  it('finds a phone player by the number written as support hears it: national, with layout, or international', async () => {
    const national = `11${String(900_000_000 + Math.floor(Math.random() * 99_999_999))}`; // (11) 9xxxx-xxxx
    const mobile = `55${national}`;
    const code = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    const login = await call(t.app, 'accountLoginSms', { mobile, code, type: AuthMode.loginAndRegister });
    expect(login.code).toBe(200);
    const written = [
      `(${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`,
      `+55 ${national.slice(0, 2)} ${national.slice(2, 7)}-${national.slice(7)}`,
      national,
      mobile,
    ];
    for (const phone of written) {
      const out = await ops(['players', 'unlock', phone]);
      expect(out, phone).toMatchObject({ ok: true });
      expect(out.out, phone).toMatch(new RegExp(`\\(#${login.data.user.id}\\) was not locked`));
    }
  });
});
