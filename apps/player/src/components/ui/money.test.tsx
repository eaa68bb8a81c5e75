import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

afterEach(cleanup);
import fc from 'fast-check';
import '../../lib/i18n.ts';
import { Money } from './money.tsx';
import { formatMoney, moneyUnits } from '../../lib/money.ts';

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

  it('renders the floored amount', () => {
    render(<Money value={150_099} />);
    expect(screen.getByTestId('money').textContent).toBe('1,500');
  });
});
