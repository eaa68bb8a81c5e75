import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';


import type { ActivityView } from '@playhall/contract';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session.ts';
import { logIn, mockApi, player, preLoginData } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { resetEachTest } from '../../../lib/test-reset.ts';

/*
 * The bonus centre (issue 17 §1) in jsdom, through the whole app. The app's own query client (the
 * one a claim refreshes) carries the start-up answer, as in the browser.
 */

const act = (over: Partial<ActivityView> & Pick<ActivityView, 'id' | 'type' | 'name'>): ActivityView => ({
  sort: over.id, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {}, detail: {}, ...over,
});
const SIGN_IN = act({ id: 1, type: 36, name: 'Daily sign-in', rules: { 'en-US': 'Sign in once a day.' } });
const SIGN_UP = act({ id: 2, type: 15, name: 'Welcome bonus', detail: { amount: 500, multiplier: 1, days: 7 } });
const FIRST_DEPOSIT = act({ id: 3, type: 44, name: 'First deposit bonus', detail: { tiers: [{ minDeposit: 2000, bonus: 3050 }], multiplier: 3 } });
const BIND = act({ id: 4, type: 4, name: 'Bind your phone', detail: { amount: 200, multiplier: 1 } });
const running = (list: ActivityView[]) => ({ activityIds: list.map((a) => a.id), activityMap: Object.fromEntries(list.map((a) => [String(a.id), a])) });

const NO_DOTS = { task: false, mail: false, signupBonus: false, fund: false, agent: false, freeBonus: false, spin: false, taskAward: false, agent5: false, vipAward: false, signIn: false, emailAward: false, canReceiveDrawChance: false, rebate: false };
const status = (dots: Partial<typeof NO_DOTS> = {}) => {
  const redDots = { ...NO_DOTS, ...dots };
  return { spinAwardFlag: false, taskAwardFlag: false, agent5AwardFlag: false, vipAwardFlag: false, signInFlag: redDots.signIn, emailAwardFlag: false, canReceiveDrawChance: false, redDots };
};

/** The app as it starts: the start-up answer (with its running activities) in the app's query client. */
function start(list: ActivityView[]) {
  queryClient.setQueryData(['preLogin', 'en-US'], preLoginData(undefined, { activityIds: running(list) }));
  return queryClient;
}
const tabDot = () => within(document.querySelector('.tab-bar')!).getByText('Bonus').closest('a')!.querySelector('[data-testid="red-dot"]');
const page = (path: string) => screen.findByTestId(path);

resetEachTest();

describe('/bonus (a visitor)', () => {
  it('opens home: what runs and what it gives, each sending to login to claim; no dot; received and records need login', async () => {
    const api = mockApi({ activityGetStatusList: () => status() });
    const app = await renderApp('/bonus', start([SIGN_IN, SIGN_UP, FIRST_DEPOSIT]));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/bonus/home'));
    await page('bonus-visitor');
    const rows = screen.getAllByTestId('bonus-claim');
    expect(rows.map((r) => r.dataset.type)).toEqual(['36', '15', '44']);
    expect(rows[1]!.textContent).toContain('Welcome bonus');
    expect(rows[1]!.textContent).toContain('Bonus 5.00');
    expect(rows[2]!.textContent).toContain('First deposit bonus up to 30.50');
    expect(screen.getAllByTestId('claim-action').map((b) => b.textContent)).toEqual(['Log in to claim', 'Log in to claim', 'Log in to claim']);
    expect(screen.queryByTestId('bonus-ready')).toBeNull();
    expect(tabDot()).toBeNull();
    // The tabs of the centre, in the router's order.
    expect(screen.getAllByTestId('bonus-tab').map((t) => t.textContent)).toEqual(['Claim', 'Events', 'Received', 'Records']);
    expect(api.calls.getActivityIds).toBeUndefined();

    fireEvent.click(screen.getAllByTestId('claim-action')[1]!);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
    expect(app.router.state.location.search).toMatchObject({ redirect: '/bonus/home' });
    cleanup();

    for (const path of ['/bonus/reward', '/bonus/record']) {
      const other = await renderApp(path, start([SIGN_IN]));
      await waitFor(() => expect(other.router.state.location.pathname).toBe('/auth/login'));
      expect(other.router.state.location.search).toMatchObject({ redirect: path });
      cleanup();
    }
  });
});

describe('/bonus/home (a player)', () => {
  it('lists what is claimable now with its dot; receiving shows the exact amount, the balance at once, and the dots go off', async () => {
    let signUpReceived = false;
    const api = mockApi({
      getActivityIds: () => ({ ...running([SIGN_UP, SIGN_IN, FIRST_DEPOSIT, BIND]), hasTurntable: false, totalRecharge: 0 }),
      activityGetStatusList: () => status({ signupBonus: !signUpReceived }),
      activityAwardGetLog: (b) => ({ list: [], pageNum: 1, pageSize: 1, total: b.activityType === 15 && signUpReceived ? 1 : 0, pages: 0 }),
      activityReceive: () => {
        signUpReceived = true;
        return { activityId: 2, awards: [{ awardId: 2001, count: 500, turnover: 500 }], coin: 12_845 };
      },
      refreshData: () => ({ errcode: 0, coin: signUpReceived ? 12_845 : 12_345 }),
    });
    logIn(undefined, player({ mobile: null }));
    await renderApp('/bonus/home', start([]));
    const ready = await page('bonus-ready');
    await waitFor(() => expect(within(ready).getAllByTestId('bonus-claim').map((r) => r.dataset.type)).toEqual(['15']));
    const signUp = within(ready).getByTestId('bonus-claim');
    expect(within(signUp).getByTestId('red-dot')).toBeTruthy();
    expect(within(signUp).getByTestId('claim-action').textContent).toBe('Receive');
    await waitFor(() => expect(tabDot()).toBeTruthy());
    // Home's own tab carries the dot too.
    expect(within(screen.getAllByTestId('bonus-tab')[0]!).getByTestId('red-dot')).toBeTruthy();
    // The others: the sign-in page (not today's dot), the first deposit to make, a phone to bind first.
    const more = within(screen.getByTestId('bonus-other')).getAllByTestId('claim-action');
    expect(more.map((b) => [b.dataset.action, b.textContent])).toEqual([['go', 'Open'], ['go', 'Deposit'], ['go', 'Bind phone']]);

    fireEvent.click(within(signUp).getByTestId('claim-action'));
    const modal = await screen.findByTestId('reward-modal');
    expect(within(modal).getByTestId('reward-amount').textContent).toBe('5.00');
    expect(modal.textContent).toContain('Welcome bonus');
    expect(useSession.getState().user?.coin).toBe(12_845);
    expect(api.calls.activityReceive).toEqual([expect.objectContaining({ activityId: 2 })]);

    // The dots are asked again (throttled to 1 s): nothing left to claim, no dot on the tab.
    await waitFor(() => expect(screen.getByTestId('bonus-nothing')).toBeTruthy(), { timeout: 3_000 });
    await waitFor(() => expect(tabDot()).toBeNull());
    const received = within(screen.getByTestId('bonus-other')).getAllByTestId('bonus-claim').find((r) => r.dataset.type === '15')!;
    await waitFor(() => expect(within(received).getByTestId('claim-done').textContent).toBe('Received'));
  });

  it('with nothing running, says so and leads to the events', async () => {
    mockApi({ getActivityIds: () => ({ ...running([]), hasTurntable: false, totalRecharge: 0 }), activityGetStatusList: () => status() });
    logIn();
    const app = await renderApp('/bonus/home', start([]));
    const empty = await page('bonus-home-empty');
    fireEvent.click(within(empty).getByRole('button'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/bonus/event'));
    await page('bonus-event-empty');
  });
});

describe('/bonus/event', () => {
  it('every running activity: art, name, offer, window, rules, and its click action', async () => {
    const ends = '2026-12-31T12:00:00.000Z';
    const art = act({ id: 9, type: 15, name: 'Welcome bonus', themeUrl: '/banners/welcome.svg', endsAt: ends, detail: { amount: 500 }, unloginShowStatus: false });
    mockApi({ activityGetStatusList: () => status() });
    const app = await renderApp('/bonus/event', start([SIGN_IN, art, FIRST_DEPOSIT]));
    const cards = await screen.findAllByTestId('bonus-event-card');
    expect(cards.map((c) => c.dataset.type)).toEqual(['36', '15', '44']);
    expect(cards[0]!.textContent).toContain('No end date');
    expect(cards[1]!.querySelector('img')?.getAttribute('src')).toBe('/banners/welcome.svg');
    expect(cards[1]!.textContent).toMatch(/Ends .*2026/);
    expect(cards[2]!.textContent).toContain('First deposit bonus up to 30.50');

    // Rules in a sheet; only activities that have them.
    expect(within(cards[1]!).queryByTestId('bonus-event-rules')).toBeNull();
    fireEvent.click(within(cards[0]!).getByTestId('bonus-event-rules'));
    expect((await screen.findByTestId('bonus-rules')).textContent).toContain('Sign in once a day.');
    fireEvent.click(screen.getByTestId('bonus-rules-close'));

    // An activity hidden from visitors sends a visitor to login; the others open their page.
    expect(within(cards[1]!).getByTestId('bonus-event-go').dataset.click).toBe('login');
    fireEvent.click(within(cards[2]!).getByTestId('bonus-event-go'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/activity/first-deposit'));
  });
});

describe('/bonus/reward', () => {
  it('sums what the player received by activity and asset, with the totals', async () => {
    mockApi({
      getActivityIds: () => ({ ...running([SIGN_IN]), hasTurntable: false, totalRecharge: 0 }),
      activityGetStatusList: () => status(),
      activityAwardGetSum: () => ({
        list: [
          { activityId: 1, activityType: 36, activityName: 'Daily sign-in', asset: 'coin', count: 273, turnover: 546, grants: 2, lastTime: '2026-11-26T10:00:00.000Z' },
          { activityId: 1, activityType: 36, activityName: 'Daily sign-in', asset: 'points', count: 40, turnover: 0, grants: 1, lastTime: '2026-11-26T10:00:00.000Z' },
          { activityId: 2, activityType: 15, activityName: 'Welcome bonus', asset: 'coin', count: 500, turnover: 500, grants: 1, lastTime: '2026-11-25T10:00:00.000Z' },
        ],
        totals: [{ asset: 'coin', count: 773, grants: 3 }, { asset: 'points', count: 40, grants: 1 }],
      }),
    });
    logIn();
    const app = await renderApp('/bonus/reward', start([]));
    const totals = await screen.findAllByTestId('bonus-total');
    expect(totals.map((x) => within(x).getByTestId('bonus-total-amount').textContent)).toEqual(['+7.73', '+40']);
    expect(totals[0]!.textContent).toContain('3 rewards');
    const groups = screen.getAllByTestId('bonus-sum');
    expect(groups).toHaveLength(2);
    expect(groups[0]!.textContent).toContain('Daily sign-in');
    expect(within(groups[0]!).getAllByTestId('bonus-sum-amount').map((x) => x.textContent)).toEqual(['+2.73', '+40']);
    expect(groups[0]!.textContent).toContain('Turnover added 5.46');
    expect(within(groups[1]!).getByTestId('bonus-sum-amount').textContent).toBe('+5.00');
    fireEvent.click(screen.getByTestId('bonus-see-records'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/bonus/record'));
  });

  it('nothing received yet: says so and leads to the claims', async () => {
    mockApi({ getActivityIds: () => ({ ...running([]), hasTurntable: false, totalRecharge: 0 }), activityGetStatusList: () => status(), activityAwardGetSum: () => ({ list: [], totals: [] }) });
    logIn();
    const app = await renderApp('/bonus/reward', start([]));
    const empty = await page('bonus-reward-empty');
    fireEvent.click(within(empty).getByRole('button'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/bonus/home'));
  });
});

describe('/bonus/record', () => {
  it('is the reward records page under the centre tabs: filters by period, and its empty state has an action', async () => {
    const api = mockApi({
      getActivityIds: () => ({ ...running([SIGN_IN]), hasTurntable: false, totalRecharge: 0 }),
      activityGetStatusList: () => status(),
      activityAwardGetLog: (b) => (b.beginTime
        ? { list: [], pageNum: 1, pageSize: 20, total: 0, pages: 0 }
        : { list: [{ id: 1, activityId: 1, activityType: 36, activityName: 'Daily sign-in', awardId: 2001, count: 123, reason: 'reward_free_sign', turnover: 246, createTime: new Date().toISOString() }], pageNum: 1, pageSize: 20, total: 1, pages: 1 }),
    });
    logIn();
    await renderApp('/bonus/record', start([]));
    await screen.findByTestId('reward-records');
    expect(screen.getAllByTestId('bonus-tab').find((t) => t.getAttribute('aria-current') === 'page')?.textContent).toBe('Records');
    expect((await screen.findByTestId('award-amount')).textContent).toBe('+1.23');
    await screen.findByTestId('award-end');

    fireEvent.click(screen.getAllByTestId('award-range').find((c) => c.textContent === 'Last 7 days')!);
    await screen.findByTestId('award-empty');
    const asked = api.calls.activityAwardGetLog!.at(-1)!;
    expect(new Date(String(asked.beginTime)).getTime()).toBe(new Date(new Date().getFullYear(), new Date().getMonth(), new Date().getDate() - 6).getTime());
    expect(screen.getByTestId('award-empty').textContent).toContain('No rewards in this period.');
    fireEvent.click(screen.getByTestId('award-show-all'));
    expect((await screen.findByTestId('award-amount')).textContent).toBe('+1.23');
  });
});
