import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';


import type { ExchangeInfo, UserInfo } from '@playhall/contract';
import { i18nReady } from '../../../lib/i18n.ts';
import { showErrorToast } from '../../../lib/notify.ts';
import { saveSession, useSession } from '../../../lib/session.ts';
import { TopBar } from '../../../app/shell/top-bar.tsx';
import { $, account, exchangeInfo, mockApi, order, refuse, renderRoutes } from '../withdraw-test-kit.tsx';
import { WithdrawView } from './withdraw-view.tsx';

const user = { id: 7, nickname: 'Ana', avatar: 1, coin: 12_000, exchange: 12_000, safebox: 0 } as unknown as UserInfo;

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  localStorage.clear();
  saveSession('token-1', user);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ token: null, user: null });
});

/** The withdraw view under the real top bar, served `info` by getExchange. */
function open(info: ExchangeInfo, handlers: Parameters<typeof mockApi>[0] = {}) {
  let coin = info.coin as number;
  const api = mockApi({
    getExchange: () => ({ ...info, coin: $(coin) }),
    refreshData: () => ({ errcode: 200, coin: $(coin) }),
    exchange: (b) => {
      const out = handlers.exchange!(b);
      if (out && typeof out === 'object' && 'coin' in out) coin = (out as { coin: number }).coin;
      return out;
    },
    ...Object.fromEntries(Object.entries(handlers).filter(([k]) => k !== 'exchange')),
  });
  const view = renderRoutes('/wallets?name=withdraw', { '/wallets': () => <><TopBar /><WithdrawView /></> });
  return { ...view, api };
}

const amountInput = () => document.querySelector<HTMLInputElement>('input#withdraw-amount')!;
const typeAmount = (v: string) => fireEvent.change(amountInput(), { target: { value: v } });
const submit = () => fireEvent.click(screen.getByTestId('withdraw-submit'));

describe('withdraw view', () => {
  it('shows the withdrawable amount large with the coin balance, no checklist when all is ok, the default account picked', async () => {
    const info = exchangeInfo({
      coin: $(15_000), exchange: $(12_000),
      ...{ list: [account({ id: 1, isDefault: false, accountNoMasked: '•••• 1111' }), account({ id: 2, isDefault: true, accountNoMasked: '•••• 2222' })] },
    });
    open(info);
    expect((await screen.findByTestId('withdraw-exchange')).textContent).toBe('120');
    expect(screen.getByTestId('withdraw-coin').textContent).toBe('150');
    expect(screen.queryByTestId('withdraw-checklist')).toBeNull();
    const options = screen.getAllByTestId('account-option');
    expect(options.map((o) => o.getAttribute('aria-checked'))).toEqual(['false', 'true']);
    expect(screen.getAllByTestId('account-masked').map((e) => e.textContent)).toEqual(['•••• 1111', '•••• 2222']);
    expect(screen.getByTestId('withdraw-hints').textContent).toContain('PIX: 20 to 20,000 per request');
    expect(screen.getByTestId('withdraw-hints').textContent).toContain('Next 24 hours: up to 50,000 in 3 more requests');
    expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(false);
  });

  it('says in plain words every reason that blocks a withdrawal, with the turnover progress', async () => {
    const info = exchangeInfo({
      coin: $(6000), exchange: $(1000), bet: $(7500), maxAmount: $(1000), list: [], appUserBank: null, appUserBankList: {}, canWithdraw: false,
      limits: { dailyCount: 3, dailyAmount: $(5_000_000), usedCount: 3, usedAmount: $(5_000_000) },
      checklist: [
        { key: 'turnover', ok: false, required: $(10_000), played: $(2500), remaining: $(7500), locked: $(5000),
          bonuses: [{ activityId: 1, activityType: 15, activityName: 'Welcome bonus', amount: $(5000), turnover: $(10_000), at: '2025-01-01T00:00:00.000Z' }] },
        { key: 'account', ok: false },
        { key: 'dailyCount', ok: false, used: 3, limit: 3 },
        { key: 'dailyAmount', ok: false, used: $(5_000_000), limit: $(5_000_000) },
        { key: 'minimum', ok: false, minAmount: $(2000), withdrawable: $(1000) },
      ],
    });
    open(info);
    const list = await screen.findByTestId('withdraw-checklist');
    expect(within(list).getByText('Why you cannot withdraw yet')).toBeTruthy();
    expect(within(list).getByText('Wager 75.00 more to unlock 50.00')).toBeTruthy();
    expect(within(list).getByText('25.00 of 100.00 wagered')).toBeTruthy();
    expect(within(list).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(list).getByText('Add a receiving account to withdraw to.')).toBeTruthy();
    expect(within(list).getByText('You have made 3 of the 3 withdrawal requests allowed in 24 hours. You can request again later.')).toBeTruthy();
    expect(within(list).getByText('You have reached the 24-hour withdrawal limit of 50,000. You can request again later.')).toBeTruthy();
    expect(within(list).getByText('The smallest withdrawal is 20; you can withdraw 10 now.')).toBeTruthy();
    // No account: no form to fill, the way forward is the button.
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/wallets\/card\/edit\?redirect=/));
    expect(decodeURIComponent(screen.getByTestId('where').textContent!)).toContain('redirect=/wallets?name=withdraw');
  });

  it('when only bonus is locked it informs without blocking: the rest can be withdrawn', async () => {
    const info = exchangeInfo({
      coin: $(15_000), exchange: $(10_000), maxAmount: $(10_000),
      checklist: exchangeInfo().checklist.map((c) => (c.key === 'turnover' ? { ...c, ok: false, required: $(20_000), played: $(19_000), remaining: $(1000), locked: $(5000) } : c)),
    });
    open(info);
    const list = await screen.findByTestId('withdraw-checklist');
    expect(within(list).getByText('Part of your balance is locked')).toBeTruthy();
    expect(list.querySelectorAll('.withdraw-checklist__list > li')).toHaveLength(1);
    expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(false);
  });

  it('checks the amount before calling with the money-input rule: minimum (also for 0), whole coins, a number, withdrawable now, inline under the field', async () => {
    const { api } = open(exchangeInfo(), { exchange: () => refuse(500, 'should not be called') });
    await screen.findByTestId('withdraw-form');
    for (const [text, error] of [
      ['', 'Enter the amount to withdraw'],
      ['10', 'The minimum for PIX is 20'],
      ['2.5', 'Whole coins only: remove the decimals'],
      ['1e5', 'Enter the amount in digits, like 50'],
      ['0', 'The minimum for PIX is 20'],
      ['121', 'You can withdraw up to 120 now'],
    ]) {
      typeAmount(text!);
      submit();
      expect(await screen.findByText(error!)).toBeTruthy();
    }
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    expect(api.calls.exchange).toBeUndefined();
  });

  it('"All" fills the most this request may take', async () => {
    open(exchangeInfo({ exchange: $(12_345), coin: $(12_345), maxAmount: $(12_300) }));
    await screen.findByTestId('withdraw-form');
    fireEvent.click(screen.getByTestId('withdraw-all'));
    await waitFor(() => expect(amountInput().value).toBe('123'));
  });

  it('confirms amount and account, retries an unanswered request with the same id, then opens the request and the top bar follows', async () => {
    let tries = 0;
    const { api } = open(exchangeInfo(), {
      exchange: (b) => {
        tries += 1;
        if (tries === 1) throw new Error('network down');
        return { order: order({ amount: $(Number(b.amount)) }), coin: $(9000), exchange: $(9000) };
      },
    });
    await screen.findByTestId('withdraw-form');
    await waitFor(() => expect(screen.getByTestId('balance-pill').textContent).toContain('120'));
    typeAmount('30');
    submit();
    const dialog = await screen.findByTestId('withdraw-confirm');
    expect(dialog.textContent).toContain('30');
    expect(dialog.textContent).toContain('PIX •••• 5678');
    fireEvent.click(screen.getByText('Withdraw now'));
    await waitFor(() => expect(showErrorToast).toHaveBeenCalled());
    expect(screen.getByTestId('where').textContent).toBe('/wallets?name=withdraw');

    submit();
    await screen.findByTestId('withdraw-confirm');
    fireEvent.click(screen.getByText('Withdraw now'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/withdrawal/WD0123456789ABCDEF0123'));
    const [first, second] = api.calls.exchange!;
    expect(second).toMatchObject({ accountId: 7, amount: 3000 });
    expect(second!.requestId).toBe(first!.requestId);
    expect(useSession.getState().user?.coin).toBe(9000);
  });

  it('a refusal settles that request: it shows under the field, and the next confirmation is a new request', async () => {
    let tries = 0;
    const { api } = open(exchangeInfo(), {
      exchange: () => {
        tries += 1;
        return tries === 1 ? refuse(3311, 'You can withdraw 20 more in the next 24 hours') : { order: order(), coin: $(9000), exchange: $(9000) };
      },
    });
    await screen.findByTestId('withdraw-form');
    typeAmount('30');
    submit();
    await screen.findByTestId('withdraw-confirm');
    fireEvent.click(screen.getByText('Withdraw now'));
    expect(await screen.findByText('You can withdraw 20 more in the next 24 hours', { selector: '.adm-form-item-feedback-error' })).toBeTruthy();
    expect(showErrorToast).toHaveBeenCalledWith('You can withdraw 20 more in the next 24 hours');

    submit();
    await screen.findByTestId('withdraw-confirm');
    fireEvent.click(screen.getByText('Withdraw now'));
    await waitFor(() => expect(api.calls.exchange).toHaveLength(2));
    expect(api.calls.exchange![1]!.requestId).not.toBe(api.calls.exchange![0]!.requestId);
  });

  it('cancelling the confirmation sends nothing', async () => {
    const { api } = open(exchangeInfo(), { exchange: () => ({ order: order(), coin: $(9000), exchange: $(9000) }) });
    await screen.findByTestId('withdraw-form');
    typeAmount('30');
    submit();
    await screen.findByTestId('withdraw-confirm');
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-confirm')).toBeNull());
    expect(api.calls.exchange).toBeUndefined();
  });

  it('lists the newest requests with their status, each linking to its page', async () => {
    open(exchangeInfo({ recent: [order({ status: 'paid' }), order({ orderId: 'WDFFFFFFFFFFFFFFFFFFFF', status: 'rejected', reason: 'Name mismatch' })] }));
    const rows = await screen.findAllByTestId('recent-withdrawal');
    expect(rows.map((r) => within(r).getByTestId('withdrawal-status').textContent)).toEqual(['Paid', 'Rejected']);
    expect(rows[1]!.getAttribute('href')).toBe('/withdrawal/WDFFFFFFFFFFFFFFFFFFFF');
  });
});
