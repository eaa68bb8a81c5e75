import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuthMode, ErrorCode, LoginType } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, setAppConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, newMobile } from '../../test/factories.ts';
import { sendCode } from '../../test/sms-inbox.ts';

describeDb('accounts: registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('registers with an account name and returns a working session', async () => {
    const res = await call(t.app, 'accountRegist', { account: 'Neo_2026', password: 'matrix-12' });
    expect(res.code).toBe(200);
    expect(res.data.isNew).toBe(true);
    expect(res.data.user).toMatchObject({ account: 'Neo_2026', nickname: 'Neo_2026', hasPassword: true, coin: 0, pid: null, accountType: LoginType.account });
    expect(res.data.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(JSON.stringify(res.data)).not.toMatch(/argon2|password_hash|passwordHash/);
    const me = await call(t.app, 'getAfterLoginInfoWeb', {}, res.data.token);
    expect(me.data.user.account).toBe('Neo_2026');
  });

  it('lets exactly one of two simultaneous registrations of one name win', async () => {
    const body = { account: 'race_name', password: 'matrix-12' };
    const results = await Promise.all([call(t.app, 'accountRegist', body), call(t.app, 'accountRegist', { ...body, account: 'RACE_NAME' })]);
    expect(results.map((r) => r.code).sort()).toEqual([200, ErrorCode.accountExists]);
  });

  it('refuses a taken account name regardless of case', async () => {
    await buildPlayer(t.app, { account: 'Trinity' });
    const before = await countRows(t.database, 'app_user');
    expect((await call(t.app, 'accountRegist', { account: 'tRiNiTy', password: 'matrix-12' })).code).toBe(ErrorCode.accountExists);
    expect(await countRows(t.database, 'app_user')).toBe(before);
  });

  it('enforces the configured password and account lengths with a message naming the limit', async () => {
    const short = await call(t.app, 'accountRegist', { account: 'shorty', password: '12345' });
    expect(short).toMatchObject({ code: 400, msg: 'Password must be 6 to 32 characters' });
    expect(short.data.fields.password).toBe('Password must be 6 to 32 characters');
    expect((await call(t.app, 'accountRegist', { account: 'abc', password: 'matrix-12' })).msg).toBe('Account must be 4 to 16 characters');
    await setAppConfig(t.database, 'passwordLength', { min: 10, max: 12 });
    try {
      expect((await call(t.app, 'accountRegist', { account: 'longpass', password: 'matrix-12' })).msg).toBe('Password must be 10 to 12 characters');
    } finally {
      await setAppConfig(t.database, 'passwordLength', { min: 6, max: 32 });
    }
  });

  it('links the inviter once through a valid invite code and refuses an unknown one', async () => {
    const inviter = await buildPlayer(t.app);
    const invited = await buildPlayer(t.app, { inviteCode: inviter.user.inviteCode.toLowerCase() });
    expect(invited.user.pid).toBe(inviter.user.id);
    const before = await countRows(t.database, 'app_user');
    const bad = await call(t.app, 'accountRegist', { account: 'nobody_in', password: 'matrix-12', inviteCode: 'ZZZZZZZZ' });
    expect(bad.code).toBe(ErrorCode.inviteCodeInvalid);
    expect(await countRows(t.database, 'app_user')).toBe(before);
  });

  it('refuses a registration type the operator turned off', async () => {
    await setAppConfig(t.database, 'registerType', [LoginType.phone]);
    try {
      expect((await call(t.app, 'accountRegist', { account: 'blocked1', password: 'matrix-12' })).code).toBe(ErrorCode.registerTypeDisabled);
    } finally {
      await setAppConfig(t.database, 'registerType', [1, 2]);
    }
    await setAppConfig(t.database, 'registerType', [LoginType.account]);
    try {
      const mobile = newMobile();
      expect((await call(t.app, 'accountRegist4', { mobile, code: '123456', password: 'matrix-12' })).code).toBe(ErrorCode.registerTypeDisabled);
    } finally {
      await setAppConfig(t.database, 'registerType', [1, 2]);
    }
  });

  it('registers by phone with the SMS code from the inbox, then logs in by phone + password', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.register);
    expect(code).toMatch(/^\d{6}$/);
    const res = await call(t.app, 'accountRegist4', { mobile: `+${mobile}`, code, password: 'phone-pass' });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.user).toMatchObject({ mobile, account: null, nickname: `Player${mobile.slice(-4)}` });
    const login = await call(t.app, 'accountLogin', { account: mobile, password: 'phone-pass', loginType: LoginType.phoneNoOtp });
    expect(login.code).toBe(200);
    expect(login.data.user.id).toBe(res.data.user.id);
    // A code is single use (a spent code does not even say the phone is now taken), and the phone is taken.
    expect((await call(t.app, 'accountRegist4', { mobile, code, password: 'phone-pass' })).code).toBe(ErrorCode.smsCodeInvalid);
    expect((await call(t.app, 'smsSend', { mobile, type: AuthMode.register })).code).toBe(ErrorCode.phoneExists);
  });

  it('needs the code when otpStatus is on, and not when the operator turns it off', async () => {
    const mobile = newMobile();
    const missing = await call(t.app, 'accountRegist4', { mobile, password: 'phone-pass' });
    expect(missing).toMatchObject({ code: 400, msg: 'The SMS code is required' });
    expect((await call(t.app, 'accountRegist4', { mobile, code: '000000', password: 'phone-pass' })).code).toBe(ErrorCode.smsCodeInvalid);
    await setAppConfig(t.database, 'otpStatus', false);
    try {
      const res = await call(t.app, 'accountRegist4', { mobile, password: 'phone-pass' });
      expect(res.code, res.msg).toBe(200);
      expect(res.data.user.accountType).toBe(LoginType.phoneNoOtp);
    } finally {
      await setAppConfig(t.database, 'otpStatus', true);
    }
  });

  it('accountLoginSms with loginAndRegister creates the account for a new phone and logs in an existing one', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    const created = await call(t.app, 'accountLoginSms', { mobile, code, type: AuthMode.loginAndRegister });
    expect(created.code, created.msg).toBe(200);
    expect(created.data).toMatchObject({ isNew: true, user: { mobile, hasPassword: false } });

    t.clock.advance(61_000);
    const code2 = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    const again = await call(t.app, 'accountLoginSms', { mobile, code: code2 });
    expect(again.data).toMatchObject({ isNew: false, user: { id: created.data.user.id } });
    // No password yet: password login answers as for a wrong password, so it tells no one the phone has an account.
    expect((await call(t.app, 'accountLogin', { account: mobile, password: 'anything', loginType: 3 })).code).toBe(ErrorCode.invalidCredentials);
  });

  it('accountLoginSms without loginAndRegister refuses an unknown phone and keeps the code usable', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    const before = await countRows(t.database, 'app_user');
    expect((await call(t.app, 'accountLoginSms', { mobile, code })).code).toBe(ErrorCode.phoneNotFound);
    expect(await countRows(t.database, 'app_user')).toBe(before);
    expect((await call(t.app, 'accountLoginSms', { mobile, code, type: AuthMode.loginAndRegister })).code).toBe(200);
  });
});
