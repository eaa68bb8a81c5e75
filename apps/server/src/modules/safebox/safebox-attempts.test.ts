import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { deposit } from '../ledger/ledger-test-helpers.ts';

/** Bursts of take-outs that arrive together; run on PostgreSQL (server:pg) they really overlap. */
describeDb('safebox: the password limit holds under bursts (decision 015)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('30 take-outs at once (29 wrong, the right one last) check at most 5 passwords and never move coins once locked', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await buildPlayer(t.app);
      await transfer(t.database.db, deposit(`test-fund:${p.user.id}`, p.user.id, 5_000));
      await call(t.app, 'setSafeboxPassword', { password: '424242' }, p.token);
      await call(t.app, 'safeboxDeposit', { amount: 5_000 }, p.token);

      const rs = await Promise.all(
        Array.from({ length: 30 }, (_, i) => call(t.app, 'safeboxWithdraw', { amount: 1_000, password: i === 29 ? '424242' : `00000${i % 10}` }, p.token)),
      );
      const n = (code: number) => rs.filter((r) => r.code === code).length;
      // The fifth wrong password locks: at most four answer "wrong", the rest are refused unchecked.
      expect(n(ErrorCode.safeboxWrongPassword)).toBeLessThanOrEqual(4);
      expect(n(ErrorCode.ok)).toBeLessThanOrEqual(1);
      expect(n(ErrorCode.safeboxLocked)).toBe(30 - n(ErrorCode.safeboxWrongPassword) - n(ErrorCode.ok));
      const state = (await call(t.app, 'getSafebox', {}, p.token)).data;
      expect(state.safebox).toBe(5_000 - 1_000 * n(ErrorCode.ok));
      // The right password inside the burst did not lift the lock, and later ones move nothing.
      expect(state.lockedUntil).not.toBeNull();
      expect((await call(t.app, 'safeboxWithdraw', { amount: 1_000, password: '424242' }, p.token)).code).toBe(ErrorCode.safeboxLocked);
      expect((await call(t.app, 'getSafebox', {}, p.token)).data.safebox).toBe(state.safebox);
    }
  });
});
