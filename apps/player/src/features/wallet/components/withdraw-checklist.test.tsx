import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';


import type { ExchangeInfo, LockingBonus, UserInfo, WithdrawCheck } from '@playhall/contract';
import { i18n, i18nReady } from '../../../lib/i18n.ts';
import { saveSession, useSession } from '../../../lib/session.ts';
import { $, exchangeInfo, mockApi, renderRoutes } from '../withdraw-test-kit.tsx';
import { WithdrawView } from './withdraw-view.tsx';

const user = { id: 7, nickname: 'Ana', avatar: 1, coin: 16_646, exchange: 15_000, safebox: 0 } as unknown as UserInfo;

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  localStorage.clear();
  saveSession('token-1', user);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ token: null, user: null });
  await i18n.changeLanguage('en-US');
});

const bonus = (over: Partial<LockingBonus>): LockingBonus => ({
  activityId: 3, activityType: 36, activityName: 'Daily sign-in', amount: $(123), turnover: $(246), at: '2026-11-21T12:00:01.000Z', ...over,
});

/** A player whose coin is partly locked by `bonuses` (only the turnover line is open). */
function lockedBy(bonuses: LockingBonus[], locked = bonuses.reduce((s, b) => s + b.amount, 0), played = 0): ExchangeInfo {
  const required = bonuses.reduce((s, b) => s + b.turnover, 0);
  const turnover: WithdrawCheck = { key: 'turnover', ok: false, required: $(required), played: $(played), remaining: $(required - played), locked: $(locked), bonuses };
  return exchangeInfo({
    coin: $(15_000 + locked), exchange: $(15_000), bet: $(required - played), maxAmount: $(15_000),
    checklist: exchangeInfo().checklist.map((c) => (c.key === 'turnover' ? turnover : c)),
  });
}

function open(info: ExchangeInfo) {
  mockApi({ getExchange: () => info, refreshData: () => ({ errcode: 200, coin: info.coin }) });
  renderRoutes('/wallets?name=withdraw', { '/wallets': () => <WithdrawView /> });
}

/** The exact figures of a text, as numbers of hundredths ("1,523.00" → 152300), in the order they appear. */
const figures = (text: string, group = ',', decimal = '.') =>
  [...text.matchAll(new RegExp(`\\d{1,3}(?:\\${group}\\d{3})*\\${decimal}\\d{2}`, 'g'))].map((m) => Number(m[0].replaceAll(group, '').replace(decimal, '')));

describe('withdraw checklist: the bonuses that lock coin', () => {
  it('names each locking bonus, newest first, with the exact amount it locks and its turnover; they add up to the figures above', async () => {
    open(lockedBy([bonus({}), bonus({ activityId: 2, activityType: 15, activityName: 'Welcome bonus', amount: $(1_523), turnover: $(4_569), at: '2026-11-21T12:00:00.000Z' })]));
    const line = await screen.findByTestId('check-turnover');
    // Exact, never floored: 16.46 locked, not 16.
    expect(within(line).getByText('Wager 48.15 more to unlock 16.46')).toBeTruthy();
    expect(within(line).getByText('0.00 of 48.15 wagered')).toBeTruthy();
    expect(within(line).getByText('Locked by these bonuses')).toBeTruthy();
    const rows = within(line).getAllByTestId('locking-bonus');
    expect(rows.map((r) => r.textContent)).toEqual(['Daily sign-in1.23 locked · 2.46 turnover', 'Welcome bonus15.23 locked · 45.69 turnover']);
    expect(within(line).getByRole('list', { name: 'Locked by these bonuses' })).toBeTruthy();

    const [, locked] = figures(within(line).getByText(/^Wager/).textContent!);
    const [, required] = figures(within(line).getByText(/wagered$/).textContent!);
    const listed = within(line).getAllByTestId('locking-bonus-figures').map((f) => figures(f.textContent!));
    expect(listed.reduce((s, [l]) => s + l!, 0)).toBe(locked);
    expect(listed.reduce((s, [, t]) => s + t!, 0)).toBe(required);
  });

  it('a bonus without an activity name is called by its type, or a reward; locked coin no bonus accounts for shows as an earlier bonus', async () => {
    open(lockedBy([bonus({ activityName: null, activityType: 15 }), bonus({ activityId: null, activityName: null, activityType: null, amount: $(200), turnover: $(200) })], 500));
    const line = await screen.findByTestId('check-turnover');
    expect(within(line).getAllByTestId('locking-bonus').map((r) => r.textContent)).toEqual([
      'Sign-up bonus1.23 locked · 2.46 turnover',
      'Reward2.00 locked · 2.00 turnover',
      'Earlier bonus1.77 locked',
    ]);
    const [, locked] = figures(within(line).getByText(/^Wager/).textContent!);
    const listed = within(line).getAllByTestId('locking-bonus-figures').map((f) => figures(f.textContent!)[0]!);
    expect(listed.reduce((s, l) => s + l, 0)).toBe(locked);
  });

  it('reads in the player language with its separators (pt-BR)', async () => {
    await i18n.changeLanguage('pt-BR');
    open(lockedBy([bonus({ activityName: 'Bônus de boas-vindas', amount: $(152_345), turnover: $(457_035) })]));
    const line = await screen.findByTestId('check-turnover');
    expect(within(line).getByText('Aposte mais 4.570,35 para liberar 1.523,45')).toBeTruthy();
    expect(within(line).getByTestId('locking-bonus').textContent).toBe('Bônus de boas-vindas1.523,45 bloqueado · rollover 4.570,35');
  });

  it('shows no list when nothing is locked', async () => {
    open(exchangeInfo());
    await screen.findByTestId('withdraw-form');
    expect(screen.queryByTestId('locking-bonuses')).toBeNull();
  });
});
