import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

afterEach(cleanup);
import fc from 'fast-check';
import { i18n } from '../../lib/i18n.ts';
import { Money } from './money.tsx';
import { formatMoney, formatMoneyExact, moneyUnits } from '../../lib/money.ts';

describe('Money', () => {
  it('shows hundredths as whole units, floored', () => {
    expect(moneyUnits(12_399)).toBe(123);
    expect(moneyUnits(99)).toBe(0);
    expect(moneyUnits(100)).toBe(1);
    expect(moneyUnits(0)).toBe(0);
  });

  it('never rounds up, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const units = moneyUnits(n);
        return Number.isInteger(units) && units * 100 <= n && n < (units + 1) * 100;
      }),
    );
  });

  it('groups thousands in the player language', () => {
    expect(formatMoney(123_456_789, 'en-US')).toBe('1,234,567');
    expect(formatMoney(123_456_789, 'pt-BR')).toBe('1.234.567');
  });

  it('renders the floored amount by default (balance pills)', () => {
    render(<Money value={150_099} />);
    expect(screen.getByTestId('money').textContent).toBe('1,500');
  });
});

describe('Money exact (decision 026)', () => {
  it('shows two decimals from the hundredths, grouped in the player language', () => {
    expect(formatMoneyExact(548, 'en-US')).toBe('5.48');
    expect(formatMoneyExact(5, 'en-US')).toBe('0.05');
    expect(formatMoneyExact(0, 'en-US')).toBe('0.00');
    expect(formatMoneyExact(123_456_789, 'en-US')).toBe('1,234,567.89');
    expect(formatMoneyExact(123_456_789, 'pt-BR')).toBe('1.234.567,89');
    expect(formatMoneyExact(Number.MAX_SAFE_INTEGER, 'en-US')).toBe('90,071,992,547,409.91');
  });

  it('signs say direction: + in, − (U+2212) out, nothing for zero', () => {
    expect(formatMoneyExact(548, 'en-US', true)).toBe('+5.48');
    expect(formatMoneyExact(-400, 'en-US', true)).toBe('\u22124.00');
    expect(formatMoneyExact(0, 'en-US', true)).toBe('0.00');
    // Unsigned, an amount that went out still says so.
    expect(formatMoneyExact(-1, 'en-US')).toBe('\u22120.01');
  });

  it('reads back exactly the hundredths it was given, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const text = formatMoneyExact(n, 'en-US', true);
        const digits = text.replace(/[+\u2212,.]/g, '');
        const sign = text.startsWith('\u2212') ? -1 : 1;
        return sign * Number(digits) === n || (n === 0 && digits === '000');
      }),
    );
  });

  it('rows shown exactly add up to their total as shown (the report\'s −4 vs −5)', () => {
    // Three nets whose floors sum to −5 while the floor of their sum is −4.
    const rows = [-150, -150, -99];
    const parse = (s: string) => Math.round(Number(s.replace('\u2212', '-').replace('+', '')) * 100);
    const shownSum = rows.map((r) => parse(formatMoneyExact(r, 'en-US', true))).reduce((a, b) => a + b, 0);
    expect(shownSum).toBe(parse(formatMoneyExact(rows.reduce((a, b) => a + b, 0), 'en-US', true)));
  });

  it('renders exact and signed, in the player language', async () => {
    render(<Money value={548} exact signed />);
    expect(screen.getByTestId('money').textContent).toBe('+5.48');
    cleanup();
    render(<Money value={-16_150} exact signed testId="net" />);
    expect(screen.getByTestId('net').textContent).toBe('\u2212161.50');
    cleanup();
    await i18n.changeLanguage('pt-BR');
    render(<Money value={123_456} exact />);
    expect(screen.getByTestId('money').textContent).toBe('1.234,56');
    await i18n.changeLanguage('en-US');
  });
});
