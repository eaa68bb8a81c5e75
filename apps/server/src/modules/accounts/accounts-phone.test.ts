import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuthMode, ErrorCode, LoginType } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, setAppConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { latestSmsCode } from '../../test/sms-inbox.ts';

/** A Brazilian mobile, unique in the run, as digits (`5511 9xxxx xxxx`) and as people type it. */
let seq = 0;
function phone() {
  const n = String(70_000_000 + ((Date.now() + seq++ * 7919) % 29_999_999)).padStart(8, '0');
  const national = `119${n}`;
  return {
    digits: `55${national}`,
    formatted: `+55 11 9${n.slice(0, 4)}-${n.slice(4)}`,
    local: `(11) 9${n.slice(0, 4)}-${n.slice(4)}`,
    dotted: `11.9${n.slice(0, 4)}.${n.slice(4)}`,
  };
}

describeDb('accounts: phone numbers typed the usual way (issue 13 §1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('registers "+55 11 98765-4321" as the normalised number and logs in with any usual spelling of it', async () => {
    const p = phone();
    expect((await call(t.app, 'smsSend', { mobile: p.formatted, type: AuthMode.register })).code).toBe(200);
    const code = await latestSmsCode(t.app, p.digits);
    const reg = await call(t.app, 'accountRegist4', { mobile: p.formatted, code, password: 'phone-pass-1' });
    expect(reg.code, reg.msg).toBe(200);
    expect(reg.data.user.mobile).toBe(p.digits);

    // The same phone, typed nationally with the configured country (+55), is the same account.
    const byLocal = await call(t.app, 'accountLogin', { account: p.local, password: 'phone-pass-1', loginType: LoginType.phoneNoOtp });
    expect(byLocal.code, byLocal.msg).toBe(200);
    expect(byLocal.data.user.id).toBe(reg.data.user.id);
    expect((await call(t.app, 'accountLogin', { account: p.dotted, password: 'phone-pass-1', loginType: LoginType.phoneNoOtp })).code).toBe(200);

    // Registering it again in another spelling is the same phone.
    t.clock.advance(61_000);
    expect((await call(t.app, 'smsSend', { mobile: p.local, type: AuthMode.register })).code).toBe(ErrorCode.phoneExists);

    // SMS login and password reset find it by its formatted spelling too.
    expect((await call(t.app, 'smsSend', { mobile: p.local, type: AuthMode.loginAndRegister })).code).toBe(200);
    const loginCode = await latestSmsCode(t.app, p.digits);
    const sms = await call(t.app, 'accountLoginSms', { mobile: p.formatted, code: loginCode, type: AuthMode.loginAndRegister });
    expect(sms.code, sms.msg).toBe(200);
    expect(sms.data).toMatchObject({ isNew: false, user: { id: reg.data.user.id } });

    t.clock.advance(61_000);
    expect((await call(t.app, 'smsSend', { mobile: p.dotted, type: AuthMode.forget })).code).toBe(200);
    const resetCode = await latestSmsCode(t.app, p.digits);
    expect((await call(t.app, 'forgetPassword', { mobile: p.formatted, code: resetCode, password: 'phone-pass-2' })).code).toBe(200);
    expect((await call(t.app, 'accountLogin', { account: p.digits, password: 'phone-pass-2', loginType: LoginType.phoneNoOtp })).code).toBe(200);
  });

  it('binds a formatted phone as its digits', async () => {
    const pl = await buildPlayer(t.app);
    const p = phone();
    expect((await call(t.app, 'smsSend', { mobile: p.local, type: AuthMode.bind }, pl.token)).code).toBe(200);
    const code = await latestSmsCode(t.app, p.digits);
    const bound = await call(t.app, 'bindAccount', { mobile: p.formatted, code }, pl.token);
    expect(bound.code, bound.msg).toBe(200);
    expect(bound.data.user.mobile).toBe(p.digits);
  });

  it('reads a national number with the configured countryCode', async () => {
    await setAppConfig(t.database, 'countryCode', '+66');
    try {
      const res = await call(t.app, 'smsSend', { mobile: '081 234 5678', type: AuthMode.register });
      expect(res.code, res.msg).toBe(200);
      expect(await latestSmsCode(t.app, '66812345678')).toMatch(/^\d{6}$/);
    } finally {
      await setAppConfig(t.database, 'countryCode', '+55');
    }
  });

  it('refuses what cannot be a phone with phoneInvalid and its reason, sending, counting and creating nothing', async () => {
    const tables = ['app_user', 'sms_code', 'sms_message', 'attempt_limit'];
    const before = await Promise.all(tables.map((x) => countRows(t.database, x)));
    const cases: [string, string][] = [
      ['12ab', 'characters'],
      ['call me maybe', 'characters'],
      ['9876-4321', 'tooShort'],
      ['+55 11 98765-43210', 'tooLong'],
      ['+0 11 98765-4321', 'countryCode'],
    ];
    for (const [mobile, reason] of cases) {
      const sms = await call(t.app, 'smsSend', { mobile, type: AuthMode.register });
      expect(sms, mobile).toMatchObject({ code: ErrorCode.phoneInvalid, data: { field: 'mobile', reason } });
      expect(sms.msg).not.toBe('');
      const reg = await call(t.app, 'accountRegist4', { mobile, code: '123456', password: 'phone-pass-1' });
      expect(reg, mobile).toMatchObject({ code: ErrorCode.phoneInvalid, data: { reason } });
      const login = await call(t.app, 'accountLogin', { account: mobile, password: 'phone-pass-1', loginType: LoginType.phoneNoOtp });
      expect(login, mobile).toMatchObject({ code: ErrorCode.phoneInvalid, data: { field: 'account', reason } });
      expect((await call(t.app, 'accountLoginSms', { mobile, code: '123456', type: AuthMode.loginAndRegister })).code).toBe(ErrorCode.phoneInvalid);
      expect((await call(t.app, 'forgetPassword', { mobile, code: '123456', password: 'phone-pass-1' })).code).toBe(ErrorCode.phoneInvalid);
    }
    const after = await Promise.all(tables.map((x) => countRows(t.database, x)));
    expect(after).toEqual(before);
  });
});
