import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';


import type { WithdrawalOrder } from '@playhall/contract';
import { i18nReady } from '../../../lib/i18n.ts';
import { showErrorToast } from '../../../lib/notify.ts';
import { mockApi, order, refuse, renderRoutes } from '../withdraw-test-kit.tsx';
import { WithdrawalPage } from './withdrawal-page.tsx';

const ID = 'WD0123456789ABCDEF0123';

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(url: string, answer: () => unknown) {
  const api = mockApi({ getWithdrawalOrder: answer });
  return { ...renderRoutes(url, { '/withdrawal/$name': () => <WithdrawalPage /> }), api };
}

const steps = () => screen.getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('step-')).map((li) => `${li.dataset.testid!.slice(5)}:${li.dataset.state}`);

describe('/withdrawal/{name}', () => {
  it.each(['WD123', 'wd0123456789abcdef0123', 'DP0123456789ABCDEF0123', `${ID}0`])('is a 404 for %s, without asking the server', async (name) => {
    const { api } = open(`/withdrawal/${name}`, () => order());
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(api.calls.getWithdrawalOrder).toBeUndefined();
  });

  it('shows a pending request: amount, status, the timeline so far and the masked account', async () => {
    const { api } = open(`/withdrawal/${ID}`, () => order());
    const head = await screen.findByTestId('withdrawal');
    expect(api.calls.getWithdrawalOrder![0]).toMatchObject({ orderId: ID });
    expect(head.dataset.status).toBe('pending');
    expect(head.textContent).toContain('30');
    expect(head.textContent).toContain('Pending');
    expect(steps()).toEqual(['submitted:done', 'review:current', 'paid:upcoming']);
    expect(screen.getByTestId('withdrawal-account').textContent).toBe('•••• 5678');
    expect(screen.queryByTestId('withdrawal-returned')).toBeNull();
  });

  it('shows a paid request with every step done', async () => {
    open(`/withdrawal/${ID}`, () => order({ status: 'paid', reviewedAt: '2025-01-03T13:00:00.000Z', closedAt: '2025-01-03T13:00:05.000Z' }));
    await screen.findByTestId('withdrawal');
    expect(steps()).toEqual(['submitted:done', 'approved:done', 'paid:done']);
    expect(screen.getByText('Paid to your account.')).toBeTruthy();
  });

  it.each<[WithdrawalOrder['status'], string[]]>([
    ['rejected', ['submitted:done', 'rejected:error']],
    ['failed', ['submitted:done', 'approved:done', 'failed:error']],
  ])('a %s request says why and that the amount came back', async (status, expected) => {
    open(`/withdrawal/${ID}`, () => order({ status, reviewedAt: '2025-01-03T13:00:00.000Z', closedAt: status === 'failed' ? '2025-01-03T13:01:00.000Z' : null, reason: 'Holder name does not match' }));
    await screen.findByTestId('withdrawal');
    expect(steps()).toEqual(expected);
    expect(screen.getByTestId('withdrawal-reason').textContent).toBe('Reason: Holder name does not match');
    expect(screen.getByTestId('withdrawal-returned').textContent).toBe('The amount was returned to your balance.');
  });

  it('a request that is not the player\'s (or does not exist) shows a clear not-found state, no toast', async () => {
    open(`/withdrawal/${ID}`, () => refuse(3313, 'Withdrawal request not found'));
    expect(await screen.findByTestId('withdrawal-not-found')).toBeTruthy();
    expect(screen.getByText('Withdrawal request not found')).toBeTruthy();
    expect(showErrorToast).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back to withdraw' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/wallets?name=withdraw'));
  });
});
