import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AuthMode, ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, newMobile } from '../../test/factories.ts';
import { sendCode } from '../../test/sms-inbox.ts';

const DAY = 24 * 3600_000;

describeDb('accounts: sessions, passwords and profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const login = async (account: string, password: string) => {
    const res = await call(t.app, 'accountLogin', { account, password });
    expect(res.code, res.msg).toBe(200);
    return res.data.token as string;
  };
  const isLive = async (token: string) => (await call(t.app, 'getAfterLoginInfoWeb', {}, token)).code === 200;

  it('stores only a hash of the token', async () => {
    const p = await buildPlayer(t.app);
    const res = (await t.database.db.execute(sql`select token_hash from user_session where user_id = ${p.user.id}`)) as unknown as {
      rows: { token_hash: string }[];
    };
    expect(res.rows).toHaveLength(1);
    expect(res.rows[0]!.token_hash).not.toContain(p.token);
    expect(res.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logout revokes this session only', async () => {
    const p = await buildPlayer(t.app);
    const other = await login(p.account, p.password);
    expect((await call(t.app, 'logout', {}, p.token)).code).toBe(200);
    expect((await call(t.app, 'getAfterLoginInfoWeb', {}, p.token)).code).toBe(401);
    expect((await call(t.app, 'refreshData', {}, p.token)).data).toEqual({ errcode: 401 });
    expect(await isLive(other)).toBe(true);
  });

  it('expires a session after 30 idle days, while use keeps it alive', async () => {
    const p = await buildPlayer(t.app);
    const idle = await login(p.account, p.password);
    t.clock.advance(20 * DAY);
    expect(await isLive(p.token)).toBe(true); // touched now
    t.clock.advance(15 * DAY);
    expect(await isLive(p.token)).toBe(true); // 15 days since last use
    expect(await isLive(idle)).toBe(false); // 35 days idle
    expect((await call(t.app, 'preLogin', {}, idle)).code).toBe(401);
  });

  it('initPassword changes the password with the current one and revokes every other session', async () => {
    const p = await buildPlayer(t.app);
    const other = await login(p.account, p.password);
    const wrong = await call(t.app, 'initPassword', { password: 'brand-new-1', oldPassword: 'not-it-at-all' }, p.token);
    expect(wrong.code).toBe(ErrorCode.wrongOldPassword);
    const missing = await call(t.app, 'initPassword', { password: 'brand-new-1' }, p.token);
    expect(missing).toMatchObject({ code: 400, msg: 'The current password is required' });
    expect(await isLive(other)).toBe(true);

    expect((await call(t.app, 'initPassword', { password: 'brand-new-1', oldPassword: p.password }, p.token)).code).toBe(200);
    expect(await isLive(p.token)).toBe(true);
    expect(await isLive(other)).toBe(false);
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(ErrorCode.invalidCredentials);
    await login(p.account, 'brand-new-1');
  });

  it('initPassword sets a first password for a phone-only account', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    const created = await call(t.app, 'accountLoginSms', { mobile, code, type: AuthMode.loginAndRegister });
    const token = created.data.token as string;
    expect((await call(t.app, 'initPassword', { password: '123' }, token)).msg).toBe('Password must be 6 to 32 characters');
    expect((await call(t.app, 'initPassword', { password: 'first-pass' }, token)).code).toBe(200);
    expect((await call(t.app, 'refreshData', {}, token)).data.hasPassword).toBe(true);
    expect((await call(t.app, 'accountLogin', { account: mobile, password: 'first-pass', loginType: 3 })).code).toBe(200);
  });

  it('forgetPassword resets by SMS, revokes every session and lifts a lockout', async () => {
    const mobile = newMobile();
    const regCode = await sendCode(t.app, mobile, AuthMode.register);
    const reg = await call(t.app, 'accountRegist4', { mobile, code: regCode, password: 'old-pass-1' });
    const token = reg.data.token as string;
    for (let i = 0; i < 10; i++) await call(t.app, 'accountLogin', { account: mobile, password: 'bad-guess', loginType: 3 });
    expect((await call(t.app, 'accountLogin', { account: mobile, password: 'old-pass-1', loginType: 3 })).code).toBe(ErrorCode.accountLocked);

    t.clock.advance(61_000);
    const code = await sendCode(t.app, mobile, AuthMode.forget);
    const short = await call(t.app, 'forgetPassword', { mobile, code, password: 'x1' });
    expect(short.code).toBe(400);
    expect((await call(t.app, 'forgetPassword', { mobile, code, password: 'new-pass-1' })).code).toBe(200);
    expect(await isLive(token)).toBe(false);
    expect((await call(t.app, 'accountLogin', { account: mobile, password: 'new-pass-1', loginType: 3 })).code).toBe(200);
    expect((await call(t.app, 'forgetPassword', { mobile, code, password: 'again-pass' })).code).toBe(ErrorCode.smsCodeInvalid);
  });

  it('bindAccount binds a phone once, refusing a phone that another account uses', async () => {
    const p = await buildPlayer(t.app);
    const taken = newMobile();
    const other = await call(t.app, 'accountLoginSms', {
      mobile: taken,
      code: await sendCode(t.app, taken, AuthMode.loginAndRegister),
      type: AuthMode.loginAndRegister,
    });
    expect(other.code).toBe(200);
    expect((await call(t.app, 'smsSend', { mobile: taken, type: AuthMode.bind }, p.token)).code).toBe(ErrorCode.phoneExists);

    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.bind, p.token);
    expect((await call(t.app, 'bindAccount', { mobile, code: code === '000000' ? '111111' : '000000' }, p.token)).code).toBe(ErrorCode.smsCodeInvalid);
    const bound = await call(t.app, 'bindAccount', { mobile, code }, p.token);
    expect(bound.code, bound.msg).toBe(200);
    expect(bound.data.user.mobile).toBe(mobile);
    expect((await call(t.app, 'bindAccount', { mobile, code }, p.token)).code).toBe(ErrorCode.alreadyBound);
    expect((await call(t.app, 'accountLogin', { account: mobile, password: p.password, loginType: 3 })).code).toBe(200);
  });

  it('updateProfile changes nickname and avatar within the configured limits', async () => {
    const p = await buildPlayer(t.app);
    const res = await call(t.app, 'updateProfile', { nickname: 'Lucky Star', avatar: 7 }, p.token);
    expect(res.data.user).toMatchObject({ nickname: 'Lucky Star', avatar: 7 });
    expect((await call(t.app, 'updateProfile', { nickname: 'X' }, p.token)).msg).toBe('Nickname must be 2 to 20 characters');
    expect((await call(t.app, 'updateProfile', {}, p.token)).code).toBe(400);
    expect((await call(t.app, 'updateProfile', { avatar: 100 }, p.token)).data.fields).toHaveProperty('avatar');
    const after = await call(t.app, 'getAfterLoginInfoWeb', {}, p.token);
    expect(after.data.user).toMatchObject({ nickname: 'Lucky Star', avatar: 7 });
  });

  it('acts only on the caller\'s own account (the wrong player is never touched)', async () => {
    const a = await buildPlayer(t.app);
    const b = await buildPlayer(t.app);
    await call(t.app, 'updateProfile', { nickname: 'Only A' }, a.token);
    await call(t.app, 'initPassword', { password: 'a-new-pass', oldPassword: a.password }, a.token);
    const bInfo = await call(t.app, 'getAfterLoginInfoWeb', {}, b.token);
    expect(bInfo.data.user.nickname).toBe(b.account);
    expect((await call(t.app, 'accountLogin', { account: b.account, password: b.password })).code).toBe(200);
  });

  it('getAfterLoginInfoWeb, refreshData and preLogin return the logged-in player', async () => {
    const p = await buildPlayer(t.app);
    const info = await call(t.app, 'getAfterLoginInfoWeb', { version: '1.1.2' }, p.token);
    expect(info.data).toEqual({
      user: expect.objectContaining({ id: p.user.id }),
      appGameDataUser: { gameLikes: [], gameHistory: [] },
      inviteCode: p.user.inviteCode,
      aid: null,
      activityIds: { activityIds: [], activityMap: {} },
    });
    const refresh = await call(t.app, 'refreshData', {}, p.token);
    expect(refresh.data).toMatchObject({ errcode: 0, coin: 0, bet: 0, vip: 0, hasPassword: true });
    const pre = await call(t.app, 'preLogin', {}, p.token);
    expect(pre.data.user.id).toBe(p.user.id);
    expect((await call(t.app, 'preLogin', {})).data.user).toBeNull();
  });
});
