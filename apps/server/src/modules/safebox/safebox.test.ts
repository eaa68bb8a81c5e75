import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { deposit } from '../ledger/ledger-test-helpers.ts';

const MINUTE = 60_000;

describeDb('safebox: password, moves in and out, lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  /** A player with `coins` whole coins on their coin balance. */
  async function funded(coins: number): Promise<TestPlayer> {
    const p = await buildPlayer(t.app);
    await transfer(t.database.db, deposit(`test-fund:${p.user.id}`, p.user.id, coins * 100));
    return p;
  }
  const balances = async (p: TestPlayer) => {
    const r = await call(t.app, 'refreshData', {}, p.token);
    return { coin: r.data.coin as number, safebox: r.data.safebox as number };
  };

  it('sets a password of exactly the configured length, and changing it needs the current one', async () => {
    const p = await buildPlayer(t.app);
    expect((await call(t.app, 'getSafebox', {}, p.token)).data).toEqual({ coin: 0, safebox: 0, hasPassword: false, lockedUntil: null });
    for (const bad of ['12345', '1234567', '12345a']) {
      const r = await call(t.app, 'setSafeboxPassword', { password: bad }, p.token);
      expect(r).toMatchObject({ code: ErrorCode.safeboxPasswordInvalid, msg: 'The safebox password must be exactly 6 digits' });
    }
    const userInfo = async () => (await call(t.app, 'getAfterLoginInfoWeb', {}, p.token)).data.user;
    expect((await userInfo()).hasSafeboxPassword).toBe(false);

    const set = await call(t.app, 'setSafeboxPassword', { password: '123456' }, p.token);
    expect(set.code, set.msg).toBe(200);
    expect(set.data.hasPassword).toBe(true);
    expect((await userInfo()).hasSafeboxPassword).toBe(true);

    expect((await call(t.app, 'setSafeboxPassword', { password: '654321' }, p.token)).code).toBe(ErrorCode.safeboxOldPasswordRequired);
    const wrongOld = await call(t.app, 'setSafeboxPassword', { password: '654321', oldPassword: '000000' }, p.token);
    expect(wrongOld.code).toBe(ErrorCode.safeboxWrongOldPassword);
    expect(wrongOld.msg).toContain('4 tries left');
    const changed = await call(t.app, 'setSafeboxPassword', { password: '654321', oldPassword: '123456' }, p.token);
    expect(changed.code, changed.msg).toBe(200);
  });

  it('moves whole coins in without a password and out with it, shown in refreshData', async () => {
    const p = await funded(100);
    await call(t.app, 'setSafeboxPassword', { password: '246810' }, p.token);
    const inn = await call(t.app, 'safeboxDeposit', { amount: 6000 }, p.token);
    expect(inn.code, inn.msg).toBe(200);
    expect(inn.data).toMatchObject({ coin: 4000, safebox: 6000 });
    expect(await balances(p)).toEqual({ coin: 4000, safebox: 6000 });

    expect((await call(t.app, 'safeboxDeposit', { amount: 150 }, p.token)).code).toBe(ErrorCode.safeboxAmountInvalid);
    expect((await call(t.app, 'safeboxWithdraw', { amount: 1000, password: '111111' }, p.token)).code).toBe(ErrorCode.safeboxWrongPassword);
    expect(await balances(p)).toEqual({ coin: 4000, safebox: 6000 });

    const out = await call(t.app, 'safeboxWithdraw', { amount: 2500, password: '246810' }, p.token);
    expect(out.code, out.msg).toBe(200);
    expect(await balances(p)).toEqual({ coin: 6500, safebox: 3500 });
  });

  it('refuses taking out before a password is set', async () => {
    const p = await funded(10);
    await call(t.app, 'safeboxDeposit', { amount: 500 }, p.token);
    expect((await call(t.app, 'safeboxWithdraw', { amount: 500, password: '123456' }, p.token)).code).toBe(ErrorCode.safeboxPasswordNotSet);
  });

  it('insufficient funds answer 3001 with a clear message and change nothing', async () => {
    const p = await funded(10);
    await call(t.app, 'setSafeboxPassword', { password: '135790' }, p.token);
    const transfers = await countRows(t.database, 'ledger_transfer');
    const inn = await call(t.app, 'safeboxDeposit', { amount: 1100 }, p.token);
    expect(inn).toMatchObject({ code: ErrorCode.insufficientBalance, msg: 'Your coin balance is 10: not enough to put 11 in the safebox' });
    const out = await call(t.app, 'safeboxWithdraw', { amount: 100, password: '135790' }, p.token);
    expect(out).toMatchObject({ code: ErrorCode.insufficientBalance, msg: 'Your safebox holds 0: not enough to take out 1' });
    expect(await countRows(t.database, 'ledger_transfer')).toBe(transfers);
    expect(await balances(p)).toEqual({ coin: 1000, safebox: 0 });
  });

  it('applies a replayed requestId once', async () => {
    const p = await funded(50);
    await call(t.app, 'setSafeboxPassword', { password: '112233' }, p.token);
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'safeboxDeposit', { amount: 1000, requestId: 'tap-1' }, p.token)).code).toBe(200);
    expect(await balances(p)).toEqual({ coin: 4000, safebox: 1000 });
    for (let i = 0; i < 2; i++) {
      expect((await call(t.app, 'safeboxWithdraw', { amount: 500, password: '112233', requestId: 'tap-2' }, p.token)).code).toBe(200);
    }
    expect(await balances(p)).toEqual({ coin: 4500, safebox: 500 });
    // Without a requestId every call is a new move.
    await call(t.app, 'safeboxDeposit', { amount: 100 }, p.token);
    await call(t.app, 'safeboxDeposit', { amount: 100 }, p.token);
    expect(await balances(p)).toEqual({ coin: 4300, safebox: 700 });
  });

  it('locks taking out for 15 minutes after 5 wrong passwords, even with the right one', async () => {
    const p = await funded(21);
    await call(t.app, 'setSafeboxPassword', { password: '999000' }, p.token);
    await call(t.app, 'safeboxDeposit', { amount: 2000 }, p.token);
    for (let i = 1; i <= 4; i++) {
      const r = await call(t.app, 'safeboxWithdraw', { amount: 100, password: '000999' }, p.token);
      expect(r.code).toBe(ErrorCode.safeboxWrongPassword);
      expect(r.data).toEqual({ triesLeft: 5 - i });
    }
    const fifth = await call(t.app, 'safeboxWithdraw', { amount: 100, password: '000999' }, p.token);
    expect(fifth.code).toBe(ErrorCode.safeboxLocked);
    const until = new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString();
    expect(fifth.data).toEqual({ lockedUntil: until });
    expect((await call(t.app, 'getSafebox', {}, p.token)).data.lockedUntil).toBe(until);
    expect((await call(t.app, 'safeboxWithdraw', { amount: 100, password: '999000' }, p.token)).code).toBe(ErrorCode.safeboxLocked);
    // Changing the password is locked too, or it would be a way round the lock.
    expect((await call(t.app, 'setSafeboxPassword', { password: '111111', oldPassword: '999000' }, p.token)).code).toBe(ErrorCode.safeboxLocked);
    // Putting coins in stays open.
    expect((await call(t.app, 'safeboxDeposit', { amount: 100 }, p.token)).code).toBe(200);
    expect(await balances(p)).toEqual({ coin: 0, safebox: 2100 });

    t.clock.advance(15 * MINUTE + 1000);
    expect((await call(t.app, 'getSafebox', {}, p.token)).data.lockedUntil).toBeNull();
    const ok = await call(t.app, 'safeboxWithdraw', { amount: 100, password: '999000' }, p.token);
    expect(ok.code, ok.msg).toBe(200);
    expect(await balances(p)).toEqual({ coin: 100, safebox: 2000 });
  });

  it('forgets wrong passwords older than 15 minutes, but not because of a right one', async () => {
    const p = await funded(5);
    await call(t.app, 'setSafeboxPassword', { password: '121212' }, p.token);
    await call(t.app, 'safeboxDeposit', { amount: 500 }, p.token);
    for (let i = 0; i < 4; i++) await call(t.app, 'safeboxWithdraw', { amount: 100, password: '000000' }, p.token);
    t.clock.advance(16 * MINUTE);
    expect((await call(t.app, 'safeboxWithdraw', { amount: 100, password: '000000' }, p.token)).data).toEqual({ triesLeft: 4 });
    expect((await call(t.app, 'safeboxWithdraw', { amount: 100, password: '121212' }, p.token)).code).toBe(200);
    expect((await call(t.app, 'safeboxWithdraw', { amount: 100, password: '000000' }, p.token)).data).toEqual({ triesLeft: 3 });
  });

  it('keeps each player to their own safebox, and needs a session', async () => {
    const a = await funded(10);
    const b = await funded(10);
    await call(t.app, 'setSafeboxPassword', { password: '101010' }, a.token);
    await call(t.app, 'safeboxDeposit', { amount: 1000 }, a.token);
    // B knows A's password, but B's call only ever reaches B's own (passwordless, empty) safebox.
    expect((await call(t.app, 'safeboxWithdraw', { amount: 1000, password: '101010' }, b.token)).code).toBe(ErrorCode.safeboxPasswordNotSet);
    expect((await call(t.app, 'getSafebox', {}, b.token)).data).toEqual({ coin: 1000, safebox: 0, hasPassword: false, lockedUntil: null });
    expect(await balances(a)).toEqual({ coin: 0, safebox: 1000 });

    for (const path of ['getSafebox', 'setSafeboxPassword', 'safeboxDeposit', 'safeboxWithdraw']) {
      const r = await call(t.app, path, { amount: 100, password: '101010' });
      expect(r.code, path).toBe(ErrorCode.unauthorized);
    }
    expect(await balances(a)).toEqual({ coin: 0, safebox: 1000 });
  });
});
