import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MaxCallAmount, parseMoneyInput } from './index.ts';

const reason = (text: string, rules?: Parameters<typeof parseMoneyInput>[1]) => {
  const r = parseMoneyInput(text, rules);
  return r.ok ? `ok:${r.amount}` : r.reason;
};

describe('parseMoneyInput (decision 025)', () => {
  it('takes whole coins exactly, in hundredths', () => {
    expect(parseMoneyInput('105')).toEqual({ ok: true, amount: 10_500 });
    expect(parseMoneyInput(' 7 ')).toEqual({ ok: true, amount: 700 });
    expect(parseMoneyInput('007')).toEqual({ ok: true, amount: 700 });
    expect(parseMoneyInput('10.00')).toEqual({ ok: true, amount: 1000 });
  });

  it('refuses a fraction in a whole-coin field instead of dropping the point', () => {
    expect(reason('10.5')).toBe('wholeCoins');
    expect(reason('10.05')).toBe('wholeCoins');
    expect(reason('10.555')).toBe('wholeCoins');
  });

  it('takes up to two decimals exactly where decimals are allowed', () => {
    expect(reason('10.5', { wholeCoins: false })).toBe('ok:1050');
    expect(reason('10.50', { wholeCoins: false })).toBe('ok:1050');
    expect(reason('10.05', { wholeCoins: false })).toBe('ok:1005');
    expect(reason('10.', { wholeCoins: false })).toBe('ok:1000');
    expect(reason('10.555', { wholeCoins: false })).toBe('decimals');
  });

  it('refuses what is not a plain number, never reading part of it', () => {
    for (const text of ['1e5', '12abc', 'abc', '-', '.5', '+5', '0x10', '1.2.3', '١٢']) expect(reason(text), text).toBe('notNumber');
    expect(reason('')).toBe('empty');
    expect(reason('   ')).toBe('empty');
  });

  it('refuses thousands separators and decimal commas, which read differently per language', () => {
    for (const text of ['1,000', '1 000', '10,5', '1,000.50']) expect(reason(text), text).toBe('separator');
  });

  it('answers zero and negative amounts with the minimum, not with "whole coins"', () => {
    expect(parseMoneyInput('0')).toEqual({ ok: false, reason: 'belowMin', key: 'money.belowMin', values: { min: 100 } });
    expect(parseMoneyInput('-5', { min: 2000 })).toMatchObject({ reason: 'belowMin', values: { min: 2000 } });
    expect(parseMoneyInput('-0.5', { wholeCoins: false })).toMatchObject({ reason: 'belowMin', values: { min: 1 } });
    expect(reason('19', { min: 2000 })).toBe('belowMin');
    expect(reason('20', { min: 2000 })).toBe('ok:2000');
  });

  it('answers amounts above the maximum with the maximum', () => {
    expect(parseMoneyInput('501', { max: 50_000 })).toEqual({ ok: false, reason: 'aboveMax', key: 'money.aboveMax', values: { max: 50_000 } });
    expect(reason('500', { max: 50_000 })).toBe('ok:50000');
    expect(reason(String(MaxCallAmount / 100 + 1))).toBe('aboveMax');
    expect(reason('9'.repeat(40))).toBe('aboveMax');
  });

  it('any accepted amount is exactly the number typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MaxCallAmount }), (hundredths) => {
        const text = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
        const r = parseMoneyInput(text, { wholeCoins: false });
        return r.ok && r.amount === hundredths;
      }),
    );
  });
});
