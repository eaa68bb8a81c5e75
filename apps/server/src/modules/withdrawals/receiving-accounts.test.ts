import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, setAppConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { payoutChannels } from './withdrawals-test-kit.ts';

describeDb('receiving accounts: add, change, list (masked), at most 5', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('saves a PIX key, masks it everywhere, and makes the first account the default', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await payoutChannels(t, p);
    const empty = await call(t.app, 'getBankInfoList', {}, p.token);
    expect(empty.data).toMatchObject({ appUserBank: null, appUserBankList: {}, list: [], maxAccounts: 5 });

    const r = await call(t.app, 'addBankInfo', { typeId: pix.id, accountName: '  Ana   Souza ', accountNo: '123 456 789 01' }, p.token);
    expect(r.code, r.msg).toBe(200);
    const [acc] = r.data.list;
    expect(acc).toMatchObject({ typeId: pix.id, typeName: 'PIX', bankId: null, accountName: 'Ana Souza', accountNoMasked: '•••• 8901', isDefault: true });
    expect(r.data.appUserBank.id).toBe(acc.id);
    expect(r.data.appUserBankList[String(acc.id)].accountNoMasked).toBe('•••• 8901');
    // The full number never comes back to the player.
    expect(JSON.stringify(r.data)).not.toContain('12345678901');
    expect(JSON.stringify((await call(t.app, 'getExchange', {}, p.token)).data)).not.toContain('12345678901');
  });

  it('refuses bad input with a clear error and saves nothing', async () => {
    const p = await buildPlayer(t.app);
    const { pix, bank } = await payoutChannels(t, p);
    const before = await countRows(t.database, 'receiving_account');
    const cases: Array<[Record<string, unknown>, number, RegExp?]> = [
      [{ typeId: pix.id, accountName: 'Ana Souza', accountNo: '12345' }, ErrorCode.withdrawAccountInvalid, /6-30 characters/],
      [{ typeId: pix.id, accountName: 'Ana Souza', accountNo: 'x'.repeat(31) }, ErrorCode.withdrawAccountInvalid],
      [{ typeId: pix.id, accountName: 'Ana Souza', accountNo: '1234567<script>' }, ErrorCode.withdrawAccountInvalid],
      [{ typeId: pix.id, accountName: '123', accountNo: '12345678901' }, ErrorCode.withdrawAccountNameInvalid],
      [{ typeId: bank.id, accountName: 'Ana Souza', accountNo: '12345678901' }, ErrorCode.withdrawBankRequired],
      [{ typeId: bank.id, bankId: 99999, accountName: 'Ana Souza', accountNo: '12345678901' }, ErrorCode.withdrawBankRequired],
      [{ typeId: pix.id, bankId: bank.banks[0]!.id, accountName: 'Ana Souza', accountNo: '12345678901' }, ErrorCode.withdrawBankRequired],
      [{ typeId: 99999, accountName: 'Ana Souza', accountNo: '12345678901' }, ErrorCode.withdrawChannelUnavailable],
      [{ typeId: pix.id, accountName: 'Ana Souza' }, ErrorCode.badRequest],
    ];
    for (const [body, code, msg] of cases) {
      const r = await call(t.app, 'addBankInfo', body, p.token);
      expect(r.code, JSON.stringify(body)).toBe(code);
      if (msg) expect(r.msg).toMatch(msg);
    }
    expect(await countRows(t.database, 'receiving_account')).toBe(before);
  });

  it('takes the number length from config', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await payoutChannels(t, p);
    await setAppConfig(t.database, 'withdrawAccountLength', { min: 11, max: 11 });
    try {
      const short = await call(t.app, 'addBankInfo', { typeId: pix.id, accountName: 'Ana Souza', accountNo: '1234567890' }, p.token);
      expect(short).toMatchObject({ code: ErrorCode.withdrawAccountInvalid, msg: expect.stringContaining('11-11') });
      const exact = await call(t.app, 'addBankInfo', { typeId: pix.id, accountName: 'Ana Souza', accountNo: '12345678901' }, p.token);
      expect(exact.code, exact.msg).toBe(200);
    } finally {
      await setAppConfig(t.database, 'withdrawAccountLength', { min: 6, max: 30 });
    }
  });

  it('keeps at most 5 accounts and refuses a duplicate', async () => {
    const p = await buildPlayer(t.app);
    const { pix, bank } = await payoutChannels(t, p);
    for (let i = 0; i < 4; i++) {
      const r = await call(t.app, 'addBankInfo', { typeId: pix.id, accountName: 'Ana Souza', accountNo: `ana${i}@mail.example` }, p.token);
      expect(r.code, r.msg).toBe(200);
    }
    const dup = await call(t.app, 'addBankInfo', { typeId: pix.id, accountName: 'Ana Souza', accountNo: 'ana0@mail.example' }, p.token);
    expect(dup.code).toBe(ErrorCode.withdrawAccountDuplicate);
    const fifth = await call(t.app, 'addBankInfo', { typeId: bank.id, bankId: bank.banks[1]!.id, accountName: 'Ana Souza', accountNo: '0001234567', isDefault: true }, p.token);
    expect(fifth.code, fifth.msg).toBe(200);
    expect(fifth.data.list).toHaveLength(5);
    // The new default comes first and is the only default.
    expect(fifth.data.list[0]).toMatchObject({ bankName: 'Itaú', isDefault: true });
    expect(fifth.data.list.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
    const sixth = await call(t.app, 'addBankInfo', { typeId: pix.id, accountName: 'Ana Souza', accountNo: 'ana9@mail.example' }, p.token);
    expect(sixth.code).toBe(ErrorCode.withdrawAccountLimit);
    expect((await call(t.app, 'getBankInfoList', {}, p.token)).data.list).toHaveLength(5);
  });

  it('changes only the player\'s own account; fields left out stay', async () => {
    const p = await buildPlayer(t.app);
    const other = await buildPlayer(t.app);
    const { bank } = await payoutChannels(t, p);
    const added = await call(t.app, 'addBankInfo', { typeId: bank.id, bankId: bank.banks[0]!.id, accountName: 'Ana Souza', accountNo: '0001112223' }, p.token);
    const id = added.data.list[0].id as number;

    const theirs = await call(t.app, 'modifyBankInfo', { id, accountName: 'Mallory' }, other.token);
    expect(theirs.code).toBe(ErrorCode.withdrawAccountNotFound);

    const changed = await call(t.app, 'modifyBankInfo', { id, accountNo: '0009998887', bankId: bank.banks[2]!.id }, p.token);
    expect(changed.code, changed.msg).toBe(200);
    expect(changed.data.list[0]).toMatchObject({ id, accountName: 'Ana Souza', accountNoMasked: '•••• 8887', bankName: 'Bradesco' });
    const badBank = await call(t.app, 'modifyBankInfo', { id, bankId: 99999 }, p.token);
    expect(badBank.code).toBe(ErrorCode.withdrawBankRequired);
    expect((await call(t.app, 'getBankInfoList', {}, p.token)).data.list[0].bankName).toBe('Bradesco');
  });
});
