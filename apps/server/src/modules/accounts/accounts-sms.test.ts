import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuthMode, ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, setAppConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, newMobile } from '../../test/factories.ts';
import { latestSmsCode, sendCode } from '../../test/sms-inbox.ts';

const SEC = 1_000;

/** A code that is surely not the real one. */
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describeDb('accounts: SMS codes and their limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends a 6-digit code into the dev inbox and allows one send per 60 s per phone', async () => {
    const mobile = newMobile();
    const first = await call(t.app, 'smsSend', { mobile, type: AuthMode.loginAndRegister });
    expect(first.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    const code = await latestSmsCode(t.app, mobile);
    expect(code).toMatch(/^\d{6}$/);
    t.clock.advance(20 * SEC);
    const again = await call(t.app, 'smsSend', { mobile, type: AuthMode.loginAndRegister });
    expect(again).toMatchObject({ code: ErrorCode.smsTooFrequent, data: { resendAfterSeconds: 40 } });
    t.clock.advance(40 * SEC);
    expect((await call(t.app, 'smsSend', { mobile, type: AuthMode.loginAndRegister })).code).toBe(200);
  });

  it('sends one code when several requests for one phone arrive at once', async () => {
    const mobile = newMobile();
    const results = await Promise.all(Array.from({ length: 8 }, () => call(t.app, 'smsSend', { mobile, type: AuthMode.loginAndRegister })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === ErrorCode.smsTooFrequent)).toHaveLength(7);
    expect((await t.app.inject({ method: 'GET', url: `/dev/sms-inbox?mobile=${mobile}` })).json()).toHaveLength(1);
  });

  it('stops at smsCodeSendLimit sends per phone per day and allows more the next day', async () => {
    await setAppConfig(t.database, 'smsCodeSendLimit', 3);
    try {
      const mobile = newMobile();
      // Start just after midnight UTC so all sends fall on one day.
      const now = t.clock.now();
      t.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1) - now.getTime());
      for (let i = 0; i < 3; i++) {
        expect((await call(t.app, 'smsSend', { mobile, type: AuthMode.loginAndRegister })).code).toBe(200);
        t.clock.advance(61 * SEC);
      }
      expect((await call(t.app, 'smsSend', { mobile, type: AuthMode.loginAndRegister })).code).toBe(ErrorCode.smsDailyLimit);
      t.clock.advance(24 * 3600 * SEC);
      expect((await call(t.app, 'smsSend', { mobile, type: AuthMode.loginAndRegister })).code).toBe(200);
    } finally {
      await setAppConfig(t.database, 'smsCodeSendLimit', 10);
    }
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    const body = { mobile, type: AuthMode.loginAndRegister };
    for (let i = 0; i < 4; i++) {
      expect((await call(t.app, 'accountLoginSms', { ...body, code: wrongCode(code) })).code).toBe(ErrorCode.smsCodeInvalid);
    }
    expect((await call(t.app, 'accountLoginSms', { ...body, code: wrongCode(code) })).code).toBe(ErrorCode.smsTooManyTries);
    expect((await call(t.app, 'accountLoginSms', { ...body, code })).code).toBe(ErrorCode.smsTooManyTries);
  });

  it('expires a code after 5 minutes', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    t.clock.advance(5 * 60 * SEC);
    expect((await call(t.app, 'accountLoginSms', { mobile, code, type: AuthMode.loginAndRegister })).code).toBe(ErrorCode.smsCodeExpired);
  });

  it('accepts a code once only', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    expect((await call(t.app, 'accountLoginSms', { mobile, code, type: AuthMode.loginAndRegister })).code).toBe(200);
    expect((await call(t.app, 'accountLoginSms', { mobile, code, type: AuthMode.loginAndRegister })).code).toBe(ErrorCode.smsCodeInvalid);
  });

  it('does not accept a code sent for another purpose', async () => {
    const mobile = newMobile();
    const registerCode = await sendCode(t.app, mobile, AuthMode.register);
    const before = await countRows(t.database, 'app_user');
    expect((await call(t.app, 'accountLoginSms', { mobile, code: registerCode, type: AuthMode.loginAndRegister })).code).toBe(
      ErrorCode.smsCodeInvalid,
    );
    expect(await countRows(t.database, 'app_user')).toBe(before);
    // Still valid for what it was sent for.
    expect((await call(t.app, 'accountRegist4', { mobile, code: registerCode, password: 'phone-pass' })).code).toBe(200);
    // A register code cannot reset a password.
    t.clock.advance(61 * SEC);
    const reset = await call(t.app, 'forgetPassword', { mobile, code: registerCode, password: 'new-pass-1' });
    expect(reset.code).toBe(ErrorCode.smsCodeInvalid);
  });

  it('refuses forget codes for unknown phones, register codes for known ones, and bind codes without login', async () => {
    const unknown = newMobile();
    expect((await call(t.app, 'smsSend', { mobile: unknown, type: AuthMode.forget })).code).toBe(ErrorCode.phoneNotFound);
    expect((await call(t.app, 'smsSend', { mobile: unknown, type: AuthMode.bind })).code).toBe(ErrorCode.unauthorized);
    const p = await buildPlayer(t.app);
    expect((await call(t.app, 'smsSend', { mobile: unknown, type: AuthMode.bind }, p.token)).code).toBe(200);
    const inbox = await t.app.inject({ method: 'GET', url: `/dev/sms-inbox?mobile=${unknown}` });
    expect(inbox.json()).toHaveLength(1);
    expect(inbox.json()[0].text).toMatch(/bind this phone/);
  });

  it('validates the phone number', async () => {
    const res = await call(t.app, 'smsSend', { mobile: '12ab', type: AuthMode.register });
    expect(res).toMatchObject({ code: ErrorCode.phoneInvalid, data: { field: 'mobile', reason: 'characters' } });
    expect((await call(t.app, 'smsSend', { mobile: newMobile(), type: 7 })).data.fields).toHaveProperty('type');
  });
});
