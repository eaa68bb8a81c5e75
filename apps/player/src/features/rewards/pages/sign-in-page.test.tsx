import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';


import type { SignInDay } from '@playhall/contract';
import { showErrorToast } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { $, logIn, mockApi, newQueryClient, refuse } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { countdown } from './sign-in-page.tsx';
import { resetEachTest } from '../../../lib/test-reset.ts';

const AMOUNTS = [100, 150, 200, 250, 300, 350, 1000];

function activities(types: number[] = [36]) {
  const map = Object.fromEntries(types.map((type, i) => [String(i + 1), {
    id: i + 1, type, name: type === 36 ? 'Daily sign-in' : `Activity ${type}`, sort: i, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {} as Record<string, string>, detail: {},
  }]));
  return () => ({ activityIds: types.map((_, i) => i + 1), activityMap: map, hasTurntable: false, totalRecharge: 0 });
}

/** The cycle on `today` (1-7), received or not. */
function cycle(today: number, receivedToday: boolean, nextDayAt = new Date(Date.now() + 3 * 3600_000 + 25 * 60_000).toISOString()) {
  const days: SignInDay[] = AMOUNTS.map((a, i) => {
    const day = i + 1;
    const status = day < today || (day === today && receivedToday) ? 'received' : day === today ? 'today' : 'upcoming';
    return { day, amount: $(a), status };
  });
  return { activityId: 1, days, today, receivedToday, multiplier: 3, nextDayAt, timeZone: 'America/Sao_Paulo' };
}

const dots = (signIn: boolean) => ({
  spinAwardFlag: false, taskAwardFlag: false, agent5AwardFlag: false, vipAwardFlag: false, signInFlag: signIn, emailAwardFlag: false, canReceiveDrawChance: false,
  redDots: { task: false, mail: false, signupBonus: false, fund: false, agent: false, freeBonus: false, spin: false, taskAward: false, agent5: false, vipAward: false, signIn, emailAward: false, canReceiveDrawChance: false },
});

resetEachTest();

describe('countdown', () => {
  it('counts down hh:mm:ss and stops at zero', () => {
    const now = Date.parse('2026-11-25T20:00:00Z');
    expect(countdown('2026-11-26T03:00:05Z', now)).toBe('07:00:05');
    expect(countdown('2026-11-25T19:00:00Z', now)).toBe('00:00:00');
  });
});

describe('/activity/sign-in', () => {
  it('sends a visitor to login and back', async () => {
    mockApi({ getActivityIds: activities() });
    const app = await renderApp('/activity/sign-in', newQueryClient());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
    expect(app.router.state.location.search).toMatchObject({ redirect: '/activity/sign-in' });
  });

  it('is a 404 when no free sign-in runs', async () => {
    mockApi({ getActivityIds: activities([15]), activityGetStatusList: () => dots(false) });
    logIn();
    await renderApp('/activity/sign-in', newQueryClient());
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByTestId('sign-in-page')).toBeNull();
    // A page that is not there has no sign-in title or Rule link over it.
    expect(screen.queryByTestId('nav-bar-link')).toBeNull();
    expect(document.querySelector('.nav-bar__title')?.textContent ?? '').not.toContain('Daily sign-in');
  });

  it("shows the 7 days and today's bonus; receiving it shows the exact amount, updates the balance at once and turns the day received", async () => {
    let received = false;
    const api = mockApi({
      getActivityIds: activities(),
      activityGetStatusList: () => dots(!received),
      loginBonus3User: () => cycle(3, received),
      loginBonus3UserReceive: () => {
        received = true;
        return { day: 3, awardId: 2001, amount: 200, turnover: 600, coin: 12_545 };
      },
      refreshData: () => ({ errcode: 0, coin: received ? 12_545 : 12_345 }),
    });
    logIn();
    await renderApp('/activity/sign-in', newQueryClient());
    const days = await screen.findAllByTestId('sign-in-day');
    expect(days.map((d) => d.dataset.status)).toEqual(['received', 'received', 'today', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(days[2]!.textContent).toBe('Day 32.00Today');
    expect(days[6]!.textContent).toContain('10.00');
    expect(screen.getByTestId('sign-in-wagering').textContent).toBe('Bonus coin needs ×3 turnover before withdrawal');
    expect(screen.getByTestId('nav-bar-link').textContent).toBe('Rule');

    const button = screen.getByTestId('sign-in-receive');
    expect(button.textContent).toBe('Receive 2.00');
    fireEvent.click(button);

    const modal = await screen.findByTestId('reward-modal');
    expect(within(modal).getByTestId('reward-amount').textContent).toBe('2.00');
    expect(modal.textContent).toContain('Bonus coin');
    expect(modal.textContent).toContain('Daily sign-in');
    expect(within(modal).getByTestId('reward-turnover').textContent).toBe('Turnover to play before withdrawal: 6.00');
    expect(useSession.getState().user?.coin).toBe(12_545);
    expect(api.calls.loginBonus3UserReceive).toHaveLength(1);

    await waitFor(() => expect(screen.getByTestId('sign-in-receive').textContent).toBe('Received today'));
    expect((screen.getByTestId('sign-in-receive') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByTestId('sign-in-day')[2]!.dataset.status).toBe('received');
    expect(screen.getByTestId('sign-in-next').textContent).toMatch(/^Next sign-in .+ · 0?3:2[45]:\d\d$/);
  });

  it('already received today: the button is off and the next day is counted down', async () => {
    mockApi({ getActivityIds: activities(), activityGetStatusList: () => dots(false), loginBonus3User: () => cycle(7, true, new Date(Date.now() + 65_000).toISOString()) });
    logIn();
    await renderApp('/activity/sign-in', newQueryClient());
    const button = await screen.findByTestId('sign-in-receive');
    expect(button.textContent).toBe('Received today');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByTestId('sign-in-day').every((d) => d.dataset.status === 'received')).toBe(true);
    expect(screen.getByRole('timer').textContent).toMatch(/^00:01:0[45]$/);
  });

  it('a refused claim says why and shows no reward', async () => {
    mockApi({
      getActivityIds: activities(),
      activityGetStatusList: () => dots(true),
      loginBonus3User: () => cycle(1, false),
      loginBonus3UserReceive: () => refuse(5003, 'You have already received this reward'),
    });
    logIn();
    await renderApp('/activity/sign-in', newQueryClient());
    fireEvent.click(await screen.findByTestId('sign-in-receive'));
    await waitFor(() => expect(showErrorToast).toHaveBeenCalledWith('You have already received this reward'));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('reward-modal')).toBeNull();
    expect(useSession.getState().user?.coin).toBe(12_345);
  });

  it('the rule page shows the operator rules in the player language, else English, and the cycle it runs by', async () => {
    const withRules = () => {
      const a = activities()();
      a.activityMap['1']!.rules = { 'en-US': 'Sign in daily; day 7 pays the most.' };
      return a;
    };
    mockApi({ getActivityIds: withRules, activityGetStatusList: () => dots(false), loginBonus3User: () => cycle(2, false) });
    logIn();
    await renderApp('/activity/sign-in/rule', newQueryClient());
    expect((await screen.findByTestId('operator-rules')).textContent).toBe('Sign in daily; day 7 pays the most.');
    const rules = screen.getByTestId('sign-in-rules').textContent;
    expect(rules).toContain('midnight (America/Sao_Paulo)');
    expect(rules).toContain('Day 7 10.00');
    expect(rules).toContain('×3 turnover');
  });
});
