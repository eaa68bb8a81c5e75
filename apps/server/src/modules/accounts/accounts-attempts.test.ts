import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AuthMode, ErrorCode, LoginType, OperatorPrefix } from '@playhall/contract';
import { call, createTestApp, describeDb, TEST_OPERATOR_NAME, TEST_OPERATOR_TOKEN, type CallResult, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, newMobile } from '../../test/factories.ts';
import { sendCode } from '../../test/sms-inbox.ts';

const MIN = 60_000;

/** Bursts of calls that arrive together; run on PostgreSQL (server:pg) they really overlap. */
describeDb('accounts: attempt limits hold under bursts (decision 015)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy, as in production, so each request can come from its own address.
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => t?.close());

  /** A call from a given client address (x-forwarded-for, trusted here). */
  async function callFrom(ip: string, path: string, body: Record<string, unknown>, token?: string): Promise<CallResult> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/app/v1/${path}`,
      payload: { channel: 'WEB', appVersion: '1.1.2', platform: 0, ...body },
      headers: { 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const json = res.json() as { code: number; msg: string; data: unknown };
    return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data, headers: res.headers };
  }
  const count = (rs: CallResult[], code: number) => rs.filter((r) => r.code === code).length;
  const lockText = (until: Date) => `until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC (in 15 minutes)`;

  async function loginBurst(size: number, ipOf: (i: number) => string) {
    const p = await buildPlayer(t.app);
    // The right password goes last, after the guesses that should lock the account.
    const rs = await Promise.all(
      Array.from({ length: size }, (_, i) => callFrom(ipOf(i), 'accountLogin', { account: p.account, password: i === size - 1 ? p.password : `wrong-guess-${i}` })),
    );
    // Ten failures lock: at most nine answer "wrong password", and the rest are refused unchecked.
    expect(count(rs, ErrorCode.invalidCredentials)).toBeLessThanOrEqual(9);
    expect(count(rs, ErrorCode.ok)).toBeLessThanOrEqual(1);
    expect(count(rs, ErrorCode.accountLocked)).toBeGreaterThanOrEqual(size - 10);
    expect(count(rs, ErrorCode.invalidCredentials) + count(rs, ErrorCode.ok) + count(rs, ErrorCode.accountLocked)).toBe(size);
    // A success inside the burst did not lift the lock the burst set.
    const after = await callFrom('198.51.100.1', 'accountLogin', { account: p.account, password: p.password });
    expect(after.code).toBe(ErrorCode.accountLocked);
    return p;
  }

  it('20 logins at once from one address (19 wrong, 1 right) check at most 10 and leave the account locked', async () => {
    for (let round = 0; round < 2; round++) await loginBurst(20, () => '203.0.113.7');
  });

  it('60 logins at once from three addresses (59 wrong, then the right one) check at most 10 and leave the account locked', async () => {
    await loginBurst(60, (i) => `203.0.113.${10 + (i % 3)}`);
  });

  it('initPassword guesses at the current password spend the login attempts, and the tenth failure locks the account', async () => {
    const p = await buildPlayer(t.app);
    const other = await call(t.app, 'accountLogin', { account: p.account, password: p.password });
    for (let i = 0; i < 5; i++) expect((await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' })).code).toBe(ErrorCode.invalidCredentials);
    for (let i = 1; i <= 4; i++) {
      const r = await call(t.app, 'initPassword', { password: 'new-pass-123', oldPassword: `bad-old-${i}` }, p.token);
      expect(r).toMatchObject({ code: ErrorCode.wrongOldPassword, data: { triesLeft: 5 - i } });
    }
    const tenth = await call(t.app, 'initPassword', { password: 'new-pass-123', oldPassword: 'bad-old-5' }, p.token);
    const until = new Date(t.clock.now().getTime() + 15 * MIN);
    expect(tenth).toMatchObject({ code: ErrorCode.accountLocked, data: { lockedUntil: until.toISOString() } });
    expect(tenth.msg).toContain(lockText(until));
    // Even the right current password is refused now, and nothing changed: the other session lives on.
    expect((await call(t.app, 'initPassword', { password: 'new-pass-123', oldPassword: p.password }, p.token)).code).toBe(ErrorCode.accountLocked);
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(ErrorCode.accountLocked);
    expect((await call(t.app, 'refreshData', {}, other.data.token)).data.errcode).toBe(0);
    t.clock.advance(15 * MIN + 1_000);
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(200);
  });

  it('20 initPassword calls at once from a stolen session (19 wrong, 1 right) check at most 10 and lock the account', async () => {
    const p = await buildPlayer(t.app);
    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, 'initPassword', { password: 'taken-over-1', oldPassword: i === 19 ? p.password : `bad-old-${i}` }, p.token),
      ),
    );
    expect(count(rs, ErrorCode.wrongOldPassword)).toBeLessThanOrEqual(9);
    expect(count(rs, ErrorCode.accountLocked)).toBeGreaterThanOrEqual(10);
    for (const password of [p.password, 'taken-over-1']) {
      expect((await call(t.app, 'accountLogin', { account: p.account, password })).code).toBe(ErrorCode.accountLocked);
    }
  });

  it('a locked player is told when the lock ends, and an operator unlock (audited) lets them in at once', async () => {
    const p = await buildPlayer(t.app);
    for (let i = 0; i < 9; i++) await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' });
    const locked = await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' });
    const until = new Date(t.clock.now().getTime() + 15 * MIN);
    expect(locked).toMatchObject({ code: ErrorCode.accountLocked, data: { lockedUntil: until.toISOString() } });
    expect(locked.msg).toBe(
      `Too many wrong passwords: this account is locked ${lockText(until)}. Reset the password by SMS, or ask support to unlock it sooner`,
    );

    const unlock = (player: string, token = TEST_OPERATOR_TOKEN) =>
      t.app.inject({
        method: 'POST',
        url: `${OperatorPrefix}/players/unlock`,
        payload: { player, operator: 'mallory' }, // a name in the body is not who acts
        headers: { authorization: `Bearer ${token}` },
      });
    const noToken = await unlock(p.account, 'not-the-operator-token-000000000000');
    expect(noToken.json()).toMatchObject({ code: ErrorCode.unauthorized });
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(ErrorCode.accountLocked);
    expect((await unlock('nobody_here_42')).json()).toMatchObject({ code: ErrorCode.notFound });

    const res = await unlock(p.account.toUpperCase());
    expect(res.json()).toEqual({
      code: 200,
      msg: 'OK',
      data: { userId: p.user.id, account: p.account, mobile: null, wasLockedUntil: until.toISOString() },
    });
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(200);
    const audit = (await t.database.db.execute(
      sql`select actor, action, details from staff_audit where target = ${`app_user:${p.user.id}`}`,
    )) as unknown as { rows: { actor: string; action: string; details: unknown }[] };
    expect(audit.rows).toEqual([{ actor: TEST_OPERATOR_NAME, action: 'account.unlock', details: { wasLockedUntil: until.toISOString() } }]);
    // The failures were forgotten too: a fresh ten.
    for (let i = 0; i < 9; i++) {
      expect((await call(t.app, 'accountLogin', { account: p.account, password: 'bad-guess' })).code).toBe(ErrorCode.invalidCredentials);
    }
  });

  it('accountLogin answers a phone with an account but no password exactly as an unknown phone', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    expect((await call(t.app, 'accountLoginSms', { mobile, code, type: AuthMode.loginAndRegister })).code).toBe(200);
    const answer = async (m: string) => {
      const r = await call(t.app, 'accountLogin', { account: m, password: 'any-password-1', loginType: LoginType.phoneNoOtp });
      return { status: r.status, code: r.code, msg: r.msg, data: r.data };
    };
    const known = await answer(mobile);
    expect(known).toEqual(await answer(newMobile()));
    expect(known.code).toBe(ErrorCode.invalidCredentials);
  });

  it('ten wrong passwords on an unknown account name get exactly the answers a real account gets, lock included', async () => {
    const p = await buildPlayer(t.app);
    const answers = async (account: string) => {
      const out = [];
      for (let i = 0; i < 11; i++) {
        const r = await call(t.app, 'accountLogin', { account, password: `bad-guess-${i}` });
        out.push({ status: r.status, code: r.code, msg: r.msg, data: r.data });
      }
      return out;
    };
    const known = await answers(p.account);
    expect(known.map((a) => a.code)).toEqual([...Array(9).fill(ErrorCode.invalidCredentials), ErrorCode.accountLocked, ErrorCode.accountLocked]);
    expect(await answers(`ghost_${p.account}`.slice(0, 16))).toEqual(known);
    // Guessed names do not pile up: ended rows are swept as logins come in.
    const rows = async () =>
      ((await t.database.db.execute(sql`select count(*)::int as n from attempt_limit where scope = 'login_unknown'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    for (let i = 0; i < 25; i++) await call(t.app, 'accountLogin', { account: `nobody_${i}`, password: 'bad-guess' });
    const before = await rows();
    expect(before).toBeGreaterThanOrEqual(25);
    t.clock.advance(31 * MIN);
    // Each login sweeps up to 20 ended rows, of unknown names only.
    await call(t.app, 'accountLogin', { account: p.account, password: p.password });
    await call(t.app, 'accountLogin', { account: p.account, password: p.password });
    expect(await rows()).toBe(Math.max(0, before - 40));
  });

  it('accountRegist4 without a code answers a registered phone exactly as an unknown one', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.register);
    expect((await call(t.app, 'accountRegist4', { mobile, code, password: 'phone-pass' })).code).toBe(200);
    const answer = async (m: string, extra: Record<string, unknown> = {}) => {
      const r = await call(t.app, 'accountRegist4', { mobile: m, password: 'phone-pass', ...extra });
      return { status: r.status, code: r.code, msg: r.msg, data: r.data };
    };
    const unknown = newMobile();
    expect(await answer(mobile)).toEqual(await answer(unknown));
    expect(await answer(mobile, { code: '000000' })).toEqual(await answer(unknown, { code: '000000' }));
  });

  it('counts SMS code tries exactly when wrong codes arrive together: 5 compared, then even the right code is refused', async () => {
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.loginAndRegister);
    const wrong = code === '000000' ? '111111' : '000000';
    const rs = await Promise.all(Array.from({ length: 20 }, () => call(t.app, 'accountLoginSms', { mobile, code: wrong, type: AuthMode.loginAndRegister })));
    expect(count(rs, ErrorCode.smsCodeInvalid)).toBe(4);
    expect(count(rs, ErrorCode.smsTooManyTries)).toBe(16);
    const tries = (await t.database.db.execute(sql`select tries from sms_code where mobile = ${mobile}`)) as unknown as { rows: { tries: number }[] };
    expect(tries.rows).toEqual([{ tries: 5 }]);
    expect((await call(t.app, 'accountLoginSms', { mobile, code, type: AuthMode.loginAndRegister })).code).toBe(ErrorCode.smsTooManyTries);
  });
});
