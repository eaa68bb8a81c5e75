import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';


import { logIn, mockApi, newQueryClient } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { resetEachTest } from '../../../lib/test-reset.ts';

const FIRST_DEPOSIT = {
  id: 7, type: 44, name: 'First deposit bonus', sort: 1, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {},
  detail: { tiers: [{ minDeposit: 2000, bonus: 500 }, { minDeposit: 10000, bonus: 3050 }], multiplier: 3 },
};
const SIGN_IN = { ...FIRST_DEPOSIT, id: 8, type: 36, name: 'Daily sign-in', detail: {} };
const running = (totalRecharge: number) => () => ({ activityIds: [7, 8], activityMap: { 7: FIRST_DEPOSIT, 8: SIGN_IN }, hasTurntable: false, totalRecharge });

resetEachTest();

describe('/activity/first-deposit', () => {
  it('shows each tier as "Deposit X → Bonus Y", the wagering and a Deposit button', async () => {
    mockApi({ getActivityIds: running(0) });
    logIn();
    const app = await renderApp('/activity/first-deposit', newQueryClient());
    const tiers = await screen.findAllByTestId('first-deposit-tier');
    expect(tiers.map((t) => t.textContent)).toEqual(['Deposit 20.00→Bonus 5.00', 'Deposit 100.00→Bonus 30.50']);
    expect(screen.getByTestId('first-deposit-wagering').textContent).toBe('Bonus coin needs ×3 turnover before withdrawal');
    fireEvent.click(screen.getByTestId('first-deposit-go'));
    await waitFor(() => expect(app.where()).toBe('/wallets?name=deposit'));
  });

  it('after a deposit it says the offer was for the first deposit, with no Deposit button', async () => {
    mockApi({ getActivityIds: running(5000) });
    logIn();
    await renderApp('/activity/first-deposit', newQueryClient());
    await screen.findAllByTestId('first-deposit-tier');
    expect(screen.getByTestId('first-deposit-page').textContent).toContain('This offer was for the first deposit, which you have already made.');
    expect(screen.queryByTestId('first-deposit-go')).toBeNull();
  });
});

describe('/reward/record', () => {
  const entry = (id: number, over: Record<string, unknown> = {}) => ({
    id, activityId: 8, activityType: 36, activityName: 'Daily sign-in', awardId: 2001, count: 123, reason: 'reward_sign_in', turnover: 246,
    createTime: new Date(Date.now() - id * 60_000).toISOString(), ...over,
  });

  it('one row per grant: exact signed coin, whole units otherwise, the wagering; pages of 20 end in "No more"; filters by type', async () => {
    const offsetParent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement;
    });
    const all = Array.from({ length: 25 }, (_, i) => entry(i + 1));
    all[1] = entry(2, { activityType: 15, activityName: 'Welcome bonus', awardId: 2002, count: 40, turnover: 0 });
    const api = mockApi({
      getActivityIds: running(0),
      activityAwardGetLog: (b) => {
        const list = b.activityType ? all.filter((e) => e.activityType === b.activityType) : all;
        const pageNum = Number(b.pageNum);
        const pageSize = Number(b.pageSize);
        return { list: list.slice((pageNum - 1) * pageSize, pageNum * pageSize), pageNum, pageSize, total: list.length, pages: Math.ceil(list.length / pageSize) };
      },
    });
    logIn();
    await renderApp('/reward/record', newQueryClient());
    const rows = await screen.findAllByTestId('award-row');
    expect(api.calls.activityAwardGetLog![0]).toMatchObject({ pageNum: 1, pageSize: 20 });
    expect(within(rows[0]!).getByTestId('award-amount').textContent).toBe('+1.23');
    expect(rows[0]!.textContent).toContain('Daily sign-in');
    expect(within(rows[0]!).getByTestId('award-turnover').textContent).toBe('Turnover added 2.46');
    expect(within(rows[1]!).getByTestId('award-amount').textContent).toBe('+40');
    expect(rows[1]!.textContent).toContain('Points');
    expect(within(rows[1]!).queryByTestId('award-turnover')).toBeNull();
    await screen.findByTestId('award-end');
    expect(screen.getAllByTestId('award-row')).toHaveLength(25);
    offsetParent.mockRestore();

    // The filter offers the granting types that run (daily sign-in, first deposit) and asks for one type.
    const chips = screen.getAllByTestId('award-filter').map((c) => c.textContent);
    expect(chips).toEqual(['All', 'Daily sign-in', 'First deposit']);
    fireEvent.click(screen.getAllByTestId('award-filter')[1]!);
    await waitFor(() => expect(api.calls.activityAwardGetLog!.at(-1)).toMatchObject({ activityType: 36, pageNum: 1 }));
  });
});
