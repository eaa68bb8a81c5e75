import { describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';


import type { VipData } from '@playhall/contract';
import { showErrorToast } from '../../../../lib/notify.ts';
import { useSession } from '../../../../lib/session.ts';
import { closeRewardModal } from '../../../../lib/rewards.ts';
import { logIn, mockApi, newQueryClient, refuse } from '../../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../../app/app-test-kit.tsx';
import { resetEachTest } from '../../../../lib/test-reset.ts';

const vipActivity = () => ({
  activityIds: [8],
  activityMap: { '8': { id: 8, type: 8, name: 'VIP club', sort: 1, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {}, detail: {} } },
  hasTurntable: false,
  totalRecharge: 0,
});

const dots = () => ({
  spinAwardFlag: false, taskAwardFlag: false, agent5AwardFlag: false, vipAwardFlag: true, signInFlag: false, emailAwardFlag: false, canReceiveDrawChance: false,
  redDots: { task: false, mail: false, signupBonus: false, fund: false, agent: false, freeBonus: false, spin: false, taskAward: false, agent5: false, vipAward: true, rebate: true, signIn: false, emailAward: false, canReceiveDrawChance: false },
});

const level = (l: number, betAmount: number, extra: Record<string, unknown> = {}) => ({
  level: l, betAmount, levelUpReward: l * 100, dailyGift: l * 50, signInGift: l ? 70 : 0, rebateBp: 10 + l * 40, rebateBpByType: {}, tasks: [], ...extra,
});

function vip(o: { dailyReceived?: boolean; taskStatus?: 'open' | 'done' | 'received'; levelUps?: VipData['levelUps'] } = {}) {
  const received = o.dailyReceived ?? false;
  return {
    vipData: {
      activityId: 8, level: 1, exp: 123_456,
      next: { level: 2, betAmount: 300_000, remaining: 176_544, progressPct: 11 },
      levels: [level(0, 0), level(1, 100_000, { tasks: [{ id: 11, betAmount: 2_000, reward: 20 }] }), level(2, 300_000, { rebateBpByType: { '3': 120 } })],
      todayBet: 2_500,
      claimable: {
        daily: received ? 0 : 50, dailyReceived: received, signIn: 70, signInReceived: false,
        tasks: [{ id: 11, betAmount: 2_000, reward: 20, progress: 2_000, status: o.taskStatus ?? 'done' }],
        rebate: 1_234,
      },
      levelUps: o.levelUps ?? [],
      multiplier: 1, nextDayAt: '2030-01-01T03:00:00.000Z', nextWeekAt: '2030-01-06T03:00:00.000Z', timeZone: 'America/Sao_Paulo',
    },
  };
}

resetEachTest();

describe('/vip', () => {
  it('sends a visitor to login', async () => {
    mockApi({ getActivityIds: vipActivity });
    const visitor = await renderApp('/vip/home', newQueryClient());
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/auth/login'));
  });

  it('is a 404 when no VIP runs', async () => {
    mockApi({ getActivityIds: () => ({ ...vipActivity(), activityIds: [], activityMap: {} }), activityGetStatusList: dots });
    logIn();
    await renderApp('/vip/level', newQueryClient());
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('/vip opens home', async () => {
    mockApi({ getActivityIds: vipActivity, activityGetStatusList: dots, getVipInfo: () => vip() });
    logIn();
    const app = await renderApp('/vip', newQueryClient());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/vip/home'));
    expect(await screen.findByTestId('vip-home')).toBeTruthy();
  });

  it('Me lists the VIP club with its dot and opens it', async () => {
    mockApi({ getActivityIds: vipActivity, activityGetStatusList: dots, getVipInfo: () => vip(), refreshData: () => ({ errcode: 0, coin: 12_345 }) });
    logIn();
    const app = await renderApp('/member', newQueryClient());
    const item = await screen.findByTestId('vip-item');
    expect(item.textContent).toContain('VIP club');
    await waitFor(() => expect(within(item).getByTestId('red-dot')).toBeTruthy());
    fireEvent.click(item);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/vip/home'));
  });

  it('home: level, exp and progress; receiving the daily gift shows the exact amount and the balance at once', async () => {
    let received = false;
    const api = mockApi({
      getActivityIds: vipActivity,
      activityGetStatusList: dots,
      getVipInfo: () => vip({ dailyReceived: received }),
      appVipUserReceiveDaily: () => {
        received = true;
        return { awardId: 2001, amount: 50, turnover: 50, coin: 12_395 };
      },
      refreshData: () => ({ errcode: 0, coin: received ? 12_395 : 12_345 }),
    });
    logIn();
    await renderApp('/vip/home', newQueryClient());
    expect((await screen.findByTestId('vip-level')).textContent).toBe('VIP 1');
    expect(screen.getByTestId('vip-exp').textContent).toBe('1,234.56');
    expect(screen.getByRole('progressbar', { name: 'Progress to VIP 2' }).getAttribute('aria-valuenow')).toBe('11');
    expect(screen.getByTestId('vip-next').textContent).toBe('Bet to reach VIP 2: 1,765.44');
    expect(screen.getByTestId('vip-rebate-amount').textContent).toBe('12.34');
    fireEvent.click(screen.getByTestId('vip-daily-receive'));
    const modal = await screen.findByTestId('reward-modal');
    expect(within(modal).getByTestId('reward-amount').textContent).toBe('0.50');
    expect(modal.textContent).toContain('VIP');
    expect(useSession.getState().user?.coin).toBe(12_395);
    expect(api.calls.appVipUserReceiveDaily).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByTestId('vip-daily')).getByRole('button').textContent).toBe('Received'));
  });

  it('a done task is received by its button; a refused claim says why and pays nothing', async () => {
    const api = mockApi({
      getActivityIds: vipActivity,
      activityGetStatusList: dots,
      getVipInfo: () => vip(),
      receiveVipTask: () => refuse(5003, 'You have already received this reward'),
    });
    logIn();
    await renderApp('/vip/home', newQueryClient());
    const task = await screen.findByTestId('vip-task');
    expect(task.dataset.status).toBe('done');
    fireEvent.click(within(task).getByTestId('vip-task-receive'));
    await waitFor(() => expect(showErrorToast).toHaveBeenCalledWith('You have already received this reward'));
    expect(api.calls.receiveVipTask![0]).toMatchObject({ id: 11 });
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('reward-modal')).toBeNull();
    expect(useSession.getState().user?.coin).toBe(12_345);
  });

  it('the VIP gift modal shows levels reached since last seen, once', async () => {
    mockApi({ getActivityIds: vipActivity, activityGetStatusList: dots, getVipInfo: () => vip({ levelUps: [{ level: 1, amount: 100 as never, at: '2030-01-01T00:00:00.000Z' }] }) });
    logIn();
    await renderApp('/vip/home', newQueryClient());
    const modal = await screen.findByTestId('vip-gift-modal');
    expect(modal.textContent).toContain('VIP 1 reached!');
    expect(within(modal).getByTestId('vip-gift-amount').textContent).toBe('1.00');
    fireEvent.click(within(modal).getByTestId('vip-gift-ok'));
    await waitFor(() => expect(screen.queryByTestId('vip-gift-modal')).toBeNull());
    cleanup();
    await renderApp('/vip/home', newQueryClient());
    await screen.findByTestId('vip-home');
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('vip-gift-modal')).toBeNull();
  });

  it('level (named vip-level): every level, the player’s marked', async () => {
    mockApi({ getActivityIds: vipActivity, activityGetStatusList: dots, getVipInfo: () => vip() });
    logIn();
    const app = await renderApp('/vip/level', newQueryClient());
    const cards = await screen.findAllByTestId('vip-level-card');
    expect(cards).toHaveLength(3);
    expect(cards[1]!.getAttribute('aria-current')).toBe('true');
    expect(cards[1]!.textContent).toContain('1,000.00');
    expect(cards[2]!.textContent).toContain('0.9%');
    expect(app.router.state.matches.at(-1)?.staticData.routeName).toBe('vip-level');
  });

  it('rebate: per type, the one claim with the exact amount; the records end with No more', async () => {
    let paid = false;
    mockApi({
      getActivityIds: vipActivity,
      activityGetStatusList: dots,
      betBonus: () => ({
        activityId: 8, level: 1, claimable: paid ? 0 : 1_234,
        list: [
          { typeId: 1, typeName: 'Slots', validBet: paid ? 0 : 200_000, rateBp: 50, accruedMicros: paid ? 5_000 : 10_005_000, claimable: paid ? 0 : 1_000 },
          { typeId: 3, typeName: 'Instant', validBet: paid ? 0 : 23_400, rateBp: 100, accruedMicros: paid ? 0 : 2_340_000, claimable: paid ? 0 : 234 },
        ],
      }),
      betBonusReceive: () => {
        paid = true;
        return { id: 1, awardId: 2001, amount: 1_234, turnover: 1_234, details: [], coin: 13_579 };
      },
      betBonusLog: () => ({ list: paid ? [{ id: 1, amount: 1_234, details: [{ typeId: 1, typeName: 'Slots', validBet: 200_000, amount: 1_000 }, { typeId: 3, typeName: 'Instant', validBet: 23_400, amount: 234 }], createTime: '2030-01-01T00:00:00.000Z' }] : [], pageNum: 1, pageSize: 20, total: paid ? 1 : 0, pages: paid ? 1 : 0 }),
      refreshData: () => ({ errcode: 0, coin: paid ? 13_579 : 12_345 }),
    });
    logIn();
    const app = await renderApp('/vip/rebate', newQueryClient());
    expect((await screen.findByTestId('rebate-total')).textContent).toBe('12.34');
    expect(screen.getAllByTestId('rebate-type').map((r) => r.textContent)).toEqual(['Slots · 0.5%Valid bet 2,000.0010.00', 'Instant · 1%Valid bet 234.002.34']);
    fireEvent.click(screen.getByTestId('rebate-receive'));
    const modal = await screen.findByTestId('reward-modal');
    expect(within(modal).getByTestId('reward-amount').textContent).toBe('12.34');
    expect(useSession.getState().user?.coin).toBe(13_579);
    await waitFor(() => expect(screen.getByTestId('rebate-receive').textContent).toBe('Nothing to receive yet'));
    closeRewardModal();
    fireEvent.click(screen.getByTestId('rebate-records-link'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/vip/rebate/record'));
    expect((await screen.findByTestId('rebate-claim-amount')).textContent).toBe('+12.34');
    expect((await screen.findByTestId('rebate-end')).textContent).toBe('No more');
  });
});
