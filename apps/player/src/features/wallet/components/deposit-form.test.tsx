import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';


import type { RechargeType } from '@playhall/contract';
import { i18nReady } from '../../../lib/i18n.ts';
import { mockApi } from '../../../lib/mock-api.ts';
import { chipColumns, DepositForm } from './deposit-form.tsx';

const pix = { id: 1, name: 'PIX', sort: 1, minAmount: 2000, minAmount2: 2000, maxAmount: 5_000_000, isDefault: true, banks: [] } as unknown as RechargeType;

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  const api = mockApi({
    getRechargeInfo: () => ({
      hash: 'h', totalRecharge: 0, lastRechargeTypeId: null, useMinAmount2: false, unchanged: false,
      appRechargeTypeMap: { 1: pix },
      appRechargeItemMap: { 1: { id: 1, price: 5000, sort: 1 } },
      appRechargeTypeItemMap: { 1: [1] },
    }),
    getDepositLimits: () => ({ day: null, week: null, month: null }),
    recharge: () => ({ orderId: 'o', payUrl: 'about:blank' }),
  });
  render(<QueryClientProvider client={new QueryClient()}><DepositForm /></QueryClientProvider>);
  return api;
}

const field = () => document.querySelector<HTMLInputElement>('input#deposit-amount')!;
const type = (v: string) => fireEvent.change(field(), { target: { value: v } });
const message = () => screen.getByTestId('deposit-amount-message').textContent;
const button = () => screen.getByTestId('deposit-submit').textContent;

describe('deposit amount field (one money-input rule, decision 025)', () => {
  it('keeps 10.5 as typed and refuses it with "whole coins only", never offering Deposit 105', async () => {
    const api = open();
    await waitFor(() => expect(field()).not.toBeNull());
    type('10.5');
    expect(field().value).toBe('10.5');
    expect(message()).toBe('Whole coins only: remove the decimals');
    expect(button()).toBe('Deposit');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls.recharge).toBeUndefined();
  });

  it('refuses 1e5 and 1,000 as typed, says the minimum for 0 and -5, the maximum above it', async () => {
    open();
    await waitFor(() => expect(field()).not.toBeNull());
    type('1e5');
    expect(field().value).toBe('1e5');
    expect(message()).toBe('Enter the amount in digits, like 50');
    expect(button()).toBe('Deposit');
    type('1,000');
    expect(message()).toBe('Type digits only, without commas or spaces');
    type('0');
    expect(message()).toBe('The minimum is 20');
    type('-5');
    expect(message()).toBe('The minimum is 20');
    type('50001');
    expect(message()).toBe('The maximum is 50,000');
    expect(button()).toBe('Deposit');
  });

  it('offers and sends exactly a valid typed amount', async () => {
    const api = open();
    await waitFor(() => expect(field()).not.toBeNull());
    type('105');
    expect(message()).toBe('From 20 to 50,000 coins');
    expect(button()).toBe('Deposit 105');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(api.calls.recharge).toHaveLength(1));
    expect(api.calls.recharge![0]).toMatchObject({ typeId: 1, amount: 10_500 });
  });
});

describe('amount chips', () => {
  it('leave no chip alone on the last row', () => {
    const lastRow = (n: number) => n % chipColumns(n) || chipColumns(n);
    for (let n = 2; n <= 12; n++) expect(lastRow(n), `${n} chips`).toBeGreaterThan(1);
    expect([1, 3, 4, 5, 7].map(chipColumns)).toEqual([1, 3, 2, 3, 4]);
  });
});
