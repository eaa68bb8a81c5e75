import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';


import type { TaskView } from '@playhall/contract';
import { useSession } from '../../../lib/session.ts';
import { logIn, mockApi, newQueryClient, refuse } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { resetEachTest } from '../../../lib/test-reset.ts';

const coin = (count: number, multiplier = 1) => ({ awardId: 2001, count, multiplier });
const CONFIGURED = [
  { id: 'bet', period: 'daily', title: { 'en-US': 'Bet 30.00', 'pt-BR': 'Aposte 30,00' }, condition: { type: 'bet' }, target: 3_000, award: coin(500, 2), liveness: 20 },
  { id: 'login', period: 'daily', title: { 'en-US': 'Log in today' }, condition: { type: 'login' }, target: 1, award: coin(50), liveness: 5 },
  { id: 'rounds', period: 'weekly', title: { 'en-US': 'Play 10 rounds' }, condition: { type: 'rounds' }, target: 10, award: { awardId: 2002, count: 50, multiplier: 0 }, liveness: 0 },
  { id: 'deposit', period: 'novice', title: { 'en-US': 'Deposit 100.00' }, condition: { type: 'depositAmount' }, target: 10_000, award: coin(1_000), liveness: 0 },
] as const;
const CHESTS = { daily: [{ liveness: 20, award: coin(300) }], weekly: [] };
const TASKS_ACTIVITY = {
  id: 9, type: 42, name: 'Daily tasks', sort: 1, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {}, detail: { tasks: CONFIGURED, chests: CHESTS },
};
const running = () => ({ activityIds: [9], activityMap: { 9: TASKS_ACTIVITY }, hasTurntable: false, totalRecharge: 0 });

function view(progress: Record<string, [number, TaskView['status']]>, livenessValue: number, chest: 'locked' | 'claimable' | 'received') {
  return {
    activityId: 9,
    timeZone: 'America/Sao_Paulo',
    tasks: CONFIGURED.map((c) => ({ ...c, progress: progress[c.id]?.[0] ?? 0, status: progress[c.id]?.[1] ?? 'doing', checkable: c.condition.type === 'login', endsAt: null })),
    liveness: {
      daily: { value: livenessValue, endsAt: '2026-11-28T03:00:00.000Z', chests: [{ index: 0, liveness: 20, award: coin(300), status: chest }] },
      weekly: { value: livenessValue, endsAt: '2026-11-30T03:00:00.000Z', chests: [] },
    },
    validInvite: { deposit: 2_000, bet: 5_000 },
  };
}

resetEachTest();

describe('/bonus/tasks', () => {
  it('shows a visitor the configured tasks at no progress and sends them to login to claim', async () => {
    mockApi({});
    const app = await renderApp('/bonus/tasks', newQueryClient(undefined, { activityIds: running() }));
    const rows = await screen.findAllByTestId('task');
    expect(rows.map((r) => r.dataset.task)).toEqual(['bet', 'login', 'rounds', 'deposit']);
    expect(within(screen.getByTestId('tasks-daily')).getAllByTestId('task')).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Bet 30.00');
    expect(within(rows[0]!).getByTestId('task-award').textContent).toBe('5.00 Bonus coin');
    expect(within(rows[0]!).getByTestId('task-liveness').textContent).toBe('+20 activity points');
    expect(within(rows[0]!).getByTestId('task-progress').textContent).toBe('0.00 / 30.00');
    expect(within(rows[2]!).getByTestId('task-progress').textContent).toBe('0 / 10');
    expect(screen.getByTestId('chest').dataset.status).toBe('locked');
    fireEvent.click(within(rows[0]!).getByTestId('task-login'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
    expect(app.router.state.location.search).toMatchObject({ redirect: '/bonus/tasks' });
  });

  it("opening the page completes today's login task; a claim shows the reward modal, updates the balance at once and turns the task received", async () => {
    let state = view({ bet: [1_500, 'doing'], rounds: [10, 'claimable'] }, 0, 'locked');
    const api = mockApi({
      getActivityIds: running,
      getTaskUser: () => state,
      finishTask: (b) => {
        const taskId = b.taskId as string;
        state = { ...state, tasks: state.tasks.map((t) => (t.id === taskId ? { ...t, progress: 1, status: 'claimable' as const } : t)) };
        return { task: state.tasks.find((t) => t.id === taskId) };
      },
      receiveTaskAward: (b) => {
        const taskId = b.taskId as string;
        state = { ...state, tasks: state.tasks.map((t) => (t.id === taskId ? { ...t, status: 'received' as const } : t)) };
        return { awards: [{ awardId: 2002, count: 50, turnover: 0 }], coin: 12_345 };
      },
      refreshData: () => ({ errcode: 0, coin: 12_345 }),
    });
    logIn();
    await renderApp('/bonus/tasks', newQueryClient());
    await waitFor(() => expect(api.calls.finishTask).toHaveLength(1));
    expect(api.calls.finishTask![0]).toMatchObject({ taskId: 'login' });
    await waitFor(() => expect(document.querySelector('[data-task="login"]')!.getAttribute('data-status')).toBe('claimable'));
    const bet = document.querySelector('[data-task="bet"]') as HTMLElement;
    expect(within(bet).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(within(bet).getByTestId('task-progress').textContent).toBe('15.00 / 30.00');

    const rounds = document.querySelector('[data-task="rounds"]') as HTMLElement;
    fireEvent.click(within(rounds).getByTestId('task-claim'));
    const modal = await screen.findByTestId('reward-modal');
    expect(within(modal).getByTestId('reward-amount').textContent).toBe('50');
    expect(modal.textContent).toContain('Points');
    expect(modal.textContent).toContain('Daily tasks');
    expect(useSession.getState().user?.coin).toBe(12_345);
    expect(api.calls.receiveTaskAward![0]).toMatchObject({ taskId: 'rounds' });
    await waitFor(() => expect(document.querySelector('[data-task="rounds"]')!.getAttribute('data-status')).toBe('received'));
    expect((within(document.querySelector('[data-task="rounds"]') as HTMLElement).getByTestId('task-received') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens a claimable liveness chest; a refused claim shows the state as it is now', async () => {
    let state = view({ login: [1, 'received'] }, 25, 'claimable');
    const api = mockApi({
      getActivityIds: running,
      getTaskUser: () => state,
      receiveTaskAward: () => {
        state = view({ login: [1, 'received'] }, 25, 'received');
        return refuse(5003, 'You have already received this reward');
      },
    });
    logIn();
    await renderApp('/bonus/tasks', newQueryClient());
    const chest = await screen.findByTestId('chest');
    expect(chest.dataset.status).toBe('claimable');
    expect(screen.getByTestId('liveness-daily').textContent).toContain('25');
    fireEvent.click(chest);
    await waitFor(() => expect(api.calls.receiveTaskAward).toHaveLength(1));
    expect(api.calls.receiveTaskAward![0]).toMatchObject({ chest: { period: 'daily', index: 0 } });
    await waitFor(() => expect(screen.getByTestId('chest').dataset.status).toBe('received'));
    expect(screen.queryByTestId('reward-modal')).toBeNull();
    expect(api.calls.finishTask ?? []).toHaveLength(0);
  });

  it('a follow task opens the channel and is checked; an invite task says what a valid invite is and copies the invite link', async () => {
    const FOLLOW = { id: 'follow', period: 'novice', title: { 'en-US': 'Follow our channel' }, condition: { type: 'follow', url: 'https://example.com/channel' }, target: 1, award: coin(100), liveness: 0 };
    const INVITE = { id: 'invite', period: 'daily', title: { 'en-US': 'Invite a friend' }, condition: { type: 'invite' }, target: 1, award: coin(500), liveness: 0 };
    const base = view({}, 0, 'locked');
    const extra = [FOLLOW, INVITE].map((c) => ({ ...c, progress: 0, status: 'doing', checkable: c.condition.type === 'follow', endsAt: null }) as TaskView);
    let state = { ...base, tasks: [...base.tasks.filter((x) => x.id !== 'login'), ...extra] as TaskView[] };
    const api = mockApi({
      getActivityIds: running,
      getTaskUser: () => state,
      finishTask: (b) => {
        state = { ...state, tasks: state.tasks.map((t) => (t.id === b.taskId ? { ...t, progress: 1, status: 'claimable' as const } : t)) };
        return { task: state.tasks.find((t) => t.id === b.taskId) };
      },
    });
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const writeText = vi.fn(async (_: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    logIn();
    await renderApp('/bonus/tasks', newQueryClient());

    await screen.findByText('Follow our channel');
    const follow = document.querySelector('[data-task="follow"]') as HTMLElement;
    expect(within(follow).getByTestId('task-go').textContent).toBe('Follow');
    fireEvent.click(within(follow).getByTestId('task-go'));
    expect(opened).toHaveBeenCalledWith('https://example.com/channel', '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(api.calls.finishTask).toHaveLength(1));
    expect(api.calls.finishTask![0]).toMatchObject({ taskId: 'follow' });
    await waitFor(() => expect(document.querySelector('[data-task="follow"]')!.getAttribute('data-status')).toBe('claimable'));

    const invite = document.querySelector('[data-task="invite"]') as HTMLElement;
    expect(within(invite).getByTestId('task-invite-rule').textContent).toBe('Counts friends who register with your link, then deposit 20.00 and bet 50.00 in total.');
    fireEvent.click(within(invite).getByTestId('task-go'));
    const code = useSession.getState().user!.inviteCode;
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${location.origin}/auth/register?inviteCode=${code}`));
    expect(api.calls.finishTask).toHaveLength(1); // an invite is not checked on request
    opened.mockRestore();
  });

  it('says so when no tasks run', async () => {
    mockApi({});
    await renderApp('/bonus/tasks', newQueryClient(undefined, { activityIds: { activityIds: [], activityMap: {} } }));
    expect(await screen.findByTestId('tasks-none')).toBeTruthy();
  });

  it('is a tab of the bonus centre while the tasks run', async () => {
    mockApi({});
    const app = await renderApp('/bonus/home', newQueryClient(undefined, { activityIds: running() }));
    const tab = await waitFor(() => screen.getAllByTestId('bonus-tab').find((t) => t.textContent === 'Tasks')!);
    fireEvent.click(tab);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/bonus/tasks'));
  });
});
