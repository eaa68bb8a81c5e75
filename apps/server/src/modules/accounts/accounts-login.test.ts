import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';

const MIN = 60_000;

describeDb('accounts: password login and lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('logs the seeded demo player in and refuses a wrong password or unknown account alike', async () => {
    const ok = await call(t.app, 'accountLogin', { account: 'demo', password: 'playhall123' });
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ isNew: false, user: { account: 'demo', nickname: 'Demo Player' } });
    expect(ok.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const wrong = await call(t.app, 'accountLogin', { account: 'demo', password: 'nope-nope' });
    const unknown = await call(t.app, 'accountLogin', { account: 'ghost_user', password: 'nope-nope' });
    expect(wrong).toMatchObject({ status: 200, code: ErrorCode.invalidCredentials, msg: 'Wrong account or password' });
    expect(unknown).toMatchObject({ code: ErrorCode.invalidCredentials, msg: wrong.msg });
  });

  it('logs in case-insensitively by account name and issues a distinct token per login', async () => {
    const p = await buildPlayer(t.app, { account: 'MixedCase' });
    const a = await call(t.app, 'accountLogin', { account: 'mixedcase', password: p.password });
    const b = await call(t.app, 'accountLogin', { account: 'MIXEDCASE', password: p.password, loginType: 2 });
    expect(a.data.user.id).toBe(p.user.id);
    expect(a.data.token).not.toBe(b.data.token);
  });

  it('locks the account after 10 failures in 15 minutes, even for the right password, until 15 minutes pass', async () => {
    const p = await buildPlayer(t.app);
    for (let i = 0; i < 9; i++) {
      expect((await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' })).code).toBe(ErrorCode.invalidCredentials);
    }
    expect((await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' })).code).toBe(ErrorCode.accountLocked);
    const right = await call(t.app, 'accountLogin', { account: p.account, password: p.password });
    expect(right).toMatchObject({ code: ErrorCode.accountLocked, data: { lockedUntil: new Date(t.clock.now().getTime() + 15 * MIN).toISOString() } });
    t.clock.advance(14 * MIN);
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(ErrorCode.accountLocked);
    t.clock.advance(1 * MIN + 1_000);
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(200);
  });

  it('counts failures only within 15 minutes, and a right password does not forgive them', async () => {
    const p = await buildPlayer(t.app);
    for (let i = 0; i < 9; i++) await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' });
    t.clock.advance(15 * MIN + 1_000);
    // The window restarted: nine more failures do not lock.
    for (let i = 0; i < 9; i++) await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' });
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(200);
    // The owner's login is not counted, but it does not give a guesser a fresh ten either (decision 015).
    expect((await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' })).code).toBe(ErrorCode.accountLocked);
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(ErrorCode.accountLocked);
  });

  it('counts a window from its first failure: later failures do not push it on', async () => {
    const p = await buildPlayer(t.app);
    const fail = () => call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' });
    for (let i = 0; i < 5; i++) await fail();
    t.clock.advance(10 * MIN);
    for (let i = 0; i < 4; i++) expect((await fail()).code).toBe(ErrorCode.invalidCredentials);
    // 16 minutes after the first failure its window is over, though the last failure was 6 minutes ago.
    t.clock.advance(6 * MIN);
    for (let i = 0; i < 9; i++) expect((await fail()).code).toBe(ErrorCode.invalidCredentials);
    expect((await fail()).code).toBe(ErrorCode.accountLocked);
  });

  it('refuses a disabled account', async () => {
    const p = await buildPlayer(t.app);
    await t.database.db.execute(sql`update app_user set status = 0 where id = ${p.user.id}`);
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(ErrorCode.accountDisabled);
  });
});
