import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';


import type { SafeboxState } from '@playhall/contract';
import { i18nReady } from '../../../lib/i18n.ts';
import { mockApi } from '../../../lib/mock-api.ts';
import { SafeboxMoveForm } from './move-form.tsx';

const state = { coin: 12_000, safebox: 0, hasPassword: true, lockedUntil: null } as unknown as SafeboxState;

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  const api = mockApi({ safeboxDeposit: (b) => ({ ...state, coin: 12_000 - Number(b.amount), safebox: Number(b.amount) }), refreshData: () => ({}) });
  render(<QueryClientProvider client={new QueryClient()}><SafeboxMoveForm direction="in" state={state} length={6} /></QueryClientProvider>);
  return api;
}

const field = () => document.querySelector<HTMLInputElement>('input#safebox-in-amount')!;
const type = (v: string) => fireEvent.change(field(), { target: { value: v } });
const submit = () => fireEvent.click(screen.getByTestId('safebox-in-submit'));

describe('safebox move amount (one money-input rule, decision 025)', () => {
  it('refuses 10.5, 1e5, 1,000 and 0 with their own message, keeping the text, and sends nothing', async () => {
    const api = open();
    for (const [text, message] of [
      ['10.5', 'Whole coins only: remove the decimals'],
      ['1e5', 'Enter the amount in digits, like 50'],
      ['1,000', 'Type digits only, without commas or spaces'],
      ['0', 'The minimum is 1'],
      ['-5', 'The minimum is 1'],
    ]) {
      type(text!);
      submit();
      expect(await screen.findByText(message!), text).toBeTruthy();
      expect(field().value).toBe(text);
    }
    expect(api.calls.safeboxDeposit).toBeUndefined();
  });

  it('moves exactly a valid typed amount', async () => {
    const api = open();
    type('105');
    submit();
    await waitFor(() => expect(api.calls.safeboxDeposit).toHaveLength(1));
    expect(api.calls.safeboxDeposit![0]).toMatchObject({ amount: 10_500 });
  });
});
