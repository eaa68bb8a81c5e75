import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { $, account, bankTransfer, exchangeInfo, pix } from '../withdraw-test-kit.tsx';
import {
  accountLabel,
  channelCeiling,
  checkAccountForm,
  checkWithdrawAmount,
  initialAccount,
  isWithdrawalOrderId,
  openChecks,
  turnoverPercent,
} from './withdraw-rules.ts';

const problem = (r: ReturnType<typeof checkWithdrawAmount>) => (r.ok ? null : r.problem);

describe('withdraw amount rules', () => {
  const info = exchangeInfo();

  it('takes whole coins within the channel bounds and the withdrawable amount', () => {
    expect(checkWithdrawAmount('20', info, pix)).toEqual({ ok: true, amount: 2000 });
    expect(checkWithdrawAmount(' 120 ', info, pix)).toEqual({ ok: true, amount: 12_000 });
  });

  it('asks for an amount, refuses what the money-input rule refuses, and answers 0 and -5 with the minimum', () => {
    expect(problem(checkWithdrawAmount('', info, pix))?.key).toBe('withdraw.amountRequired');
    const keys = { '2.5': 'money.wholeCoins', '1e3': 'money.notNumber', abc: 'money.notNumber', '20,5': 'money.separator', '1,000': 'money.separator' };
    for (const [text, key] of Object.entries(keys)) expect(problem(checkWithdrawAmount(text, info, pix))?.key, text).toBe(key);
    for (const text of ['0', '-5']) expect(problem(checkWithdrawAmount(text, info, pix)), text).toEqual({ key: 'withdraw.belowMin', values: { channel: 'PIX', min: 2000 } });
  });

  it('refuses below the channel minimum and above its maximum, naming the channel', () => {
    expect(problem(checkWithdrawAmount('19', info, pix))).toEqual({ key: 'withdraw.belowMin', values: { channel: 'PIX', min: 2000 } });
    expect(problem(checkWithdrawAmount('49', info, bankTransfer))).toEqual({ key: 'withdraw.belowMin', values: { channel: 'Bank transfer', min: 5000 } });
    const rich = exchangeInfo({ coin: $(9_000_000), exchange: $(9_000_000), maxAmount: $(5_000_000) });
    expect(problem(checkWithdrawAmount('20001', rich, pix))).toEqual({ key: 'withdraw.aboveMax', values: { channel: 'PIX', max: 2_000_000 } });
  });

  it('refuses more than is withdrawable now, and more than today\'s limit leaves', () => {
    expect(problem(checkWithdrawAmount('121', info, pix))).toEqual({ key: 'withdraw.aboveWithdrawable', values: { max: 12_000 } });
    const limited = exchangeInfo({ maxAmount: $(5000), limits: { dailyCount: 3, dailyAmount: $(10_000), usedCount: 1, usedAmount: $(5000) } });
    expect(problem(checkWithdrawAmount('60', limited, pix))).toEqual({ key: 'withdraw.aboveToday', values: { left: 5000 } });
    expect(checkWithdrawAmount('50', limited, pix)).toEqual({ ok: true, amount: 5000 });
  });

  it('never accepts an amount over maxAmount, whatever the numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 2000 }), (exchange, used, coins) => {
        const dailyAmount = 60_000;
        const maxAmount = Math.floor(Math.min(exchange, Math.max(0, dailyAmount - used), 2_000_000) / 100) * 100;
        const i = exchangeInfo({ exchange: $(exchange), maxAmount: $(maxAmount), limits: { dailyCount: 3, dailyAmount: $(dailyAmount), usedCount: 0, usedAmount: $(used) } });
        const r = checkWithdrawAmount(String(coins), i, pix);
        return !r.ok || (r.amount <= maxAmount && r.amount >= pix.minAmount && r.amount % 100 === 0);
      }),
    );
  });

  it('"All" is maxAmount, or the channel maximum when that is lower, in whole coins', () => {
    expect(channelCeiling(exchangeInfo({ maxAmount: $(12_000) }), pix)).toBe(12_000);
    expect(channelCeiling(exchangeInfo({ maxAmount: $(4_000_000) }), pix)).toBe(2_000_000);
    expect(channelCeiling(exchangeInfo({ maxAmount: $(12_099) }), { ...pix, maxAmount: null })).toBe(12_000);
  });
});

describe('withdraw checklist', () => {
  it('lists only the lines that are not ok, in the server order', () => {
    const info = exchangeInfo();
    expect(openChecks(info.checklist)).toEqual([]);
    const blocked = info.checklist.map((c) => (c.key === 'account' || c.key === 'dailyCount' ? { ...c, ok: false } : c));
    expect(openChecks(blocked).map((c) => c.key)).toEqual(['account', 'dailyCount']);
  });

  it('shows turnover progress as played of required, clamped to 0-100', () => {
    const t = (played: number, required: number) => turnoverPercent({ key: 'turnover', ok: false, required: $(required), played: $(played), remaining: $(required - played), locked: $(100), bonuses: [] });
    expect(t(2500, 10_000)).toBe(25);
    expect(t(0, 10_000)).toBe(0);
    expect(t(10_000, 10_000)).toBe(100);
    expect(t(0, 0)).toBe(100);
  });
});

describe('receiving accounts on screen', () => {
  it('names an account by bank or channel and the masked number, never the holder\'s full number', () => {
    expect(accountLabel(account())).toBe('PIX •••• 5678');
    expect(accountLabel(account({ typeName: 'Bank transfer', bankName: 'Nubank', accountNoMasked: '•••• 0001' }))).toBe('Nubank •••• 0001');
  });

  it('preselects the picked account, else the default, else the first', () => {
    const list = [account({ id: 1, isDefault: false }), account({ id: 2, isDefault: true }), account({ id: 3, isDefault: false })];
    expect(initialAccount(list)?.id).toBe(2);
    expect(initialAccount(list, 3)?.id).toBe(3);
    expect(initialAccount(list, 99)?.id).toBe(2);
    expect(initialAccount(list.map((a) => ({ ...a, isDefault: false })))?.id).toBe(1);
    expect(initialAccount([])).toBeUndefined();
  });
});

describe('receiving account form rules', () => {
  const length = { min: 6, max: 30 };
  const add = (values: Parameters<typeof checkAccountForm>[0], channel = pix) => checkAccountForm(values, { channel, length, editing: false });

  it('accepts a PIX key or an account number with a holder name', () => {
    expect(add({ typeId: 1, accountName: 'Ana Souza', accountNo: '123.456.789-09' })).toEqual({});
    expect(add({ typeId: 1, accountName: "João d'Ávila-Neto", accountNo: 'ana@example.com' })).toEqual({});
    expect(add({ typeId: 2, bankId: 11, accountName: 'สมชาย ใจดี', accountNo: '0001 2345 67' }, bankTransfer)).toEqual({});
  });

  it('asks for every field on add', () => {
    expect(Object.keys(add({ typeId: 2 }, bankTransfer)).sort()).toEqual(['accountName', 'accountNo', 'bankId']);
    expect(checkAccountForm({}, { channel: undefined, length, editing: false }).typeId?.key).toBe('cards.chooseChannel');
  });

  it('checks the number against withdrawAccountLength and the allowed characters', () => {
    expect(add({ accountName: 'Ana', accountNo: '12345' }).accountNo).toEqual({ key: 'cards.numberLength', values: { min: 6, max: 30 } });
    expect(add({ accountName: 'Ana', accountNo: '1'.repeat(31) }).accountNo?.key).toBe('cards.numberLength');
    expect(add({ accountName: 'Ana', accountNo: '1234#5678' }).accountNo?.key).toBe('cards.numberChars');
  });

  it('checks the holder name: letters, 2 to 60, starting with a letter', () => {
    expect(add({ accountName: 'A', accountNo: '123456' }).accountName?.key).toBe('cards.nameLength');
    expect(add({ accountName: 'Ana 2', accountNo: '123456' }).accountName?.key).toBe('cards.nameChars');
    expect(add({ accountName: '-Ana', accountNo: '123456' }).accountName?.key).toBe('cards.nameChars');
    expect(add({ accountName: '   ', accountNo: '123456' }).accountName?.key).toBe('cards.nameRequired');
  });

  it('on edit an empty number means unchanged, a new one is still checked', () => {
    const edit = (accountNo: string) => checkAccountForm({ accountName: 'Ana Souza', accountNo }, { channel: pix, length, editing: true });
    expect(edit('')).toEqual({});
    expect(edit('123').accountNo?.key).toBe('cards.numberLength');
  });
});

describe('withdrawal route validity check', () => {
  it('accepts WD + 20 upper-case hex characters only', () => {
    expect(isWithdrawalOrderId('WD0123456789ABCDEF0123')).toBe(true);
    for (const bad of ['WD0123456789abcdef0123', 'WD0123456789ABCDEF012', 'WD0123456789ABCDEF01234', 'DP0123456789ABCDEF0123', 'WD0123456789ABCDEG0123', '', 'WD']) {
      expect(isWithdrawalOrderId(bad), bad).toBe(false);
    }
  });
});
