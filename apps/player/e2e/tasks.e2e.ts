/**
 * Tasks journey (issue 17 §4) against the real server and the built app at 390×844, no mocks: the
 * operator starts a tasks activity; a visitor sees the tasks and is sent to login to claim; a new
 * player deposits through the sandbox pay page and plays two real Dice rounds from the lobby; the
 * tasks page shows the progress the server's consumer counted from those events; each claim shows
 * the reward modal with the top bar's balance updated at once; the liveness chest opens; every
 * grant is in /reward/record.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appCall, hasChromium, playOriginal, registerPlayer, sandboxDeposit, snap, snapNarrow, startActivity, useStackPage, type Stack } from './harness.ts';

const task = (page: Page, id: string) => page.locator(`[data-testid="task"][data-task="${id}"]`);
const pillCoins = async (page: Page) => Number((await page.getByTestId('balance-pill').first().innerText()).replace(/[^\d]/g, ''));

/** Reloads the tasks page until the task shows `status` (the server's consumer reads the events within about a second). */
async function waitForStatus(page: Page, id: string, status: string): Promise<void> {
  await expect
    .poll(async () => {
      await page.goto('/bonus/tasks');
      await task(page, id).waitFor();
      return task(page, id).getAttribute('data-status');
    }, { timeout: 30_000, interval: 1_000 })
    .toBe(status);
}

async function claim(page: Page, button: ReturnType<Page['getByTestId']>, amount: string): Promise<void> {
  const before = (await appCall<{ coin: number }>(page, 'refreshData', {})).data.coin;
  await button.click();
  const modal = page.getByTestId('reward-modal');
  await modal.waitFor();
  await expect(modal.getByTestId('reward-amount').first().innerText()).resolves.toBe(amount);
  await expect(modal.innerText()).resolves.toContain('Daily tasks');
  // The top bar shows the new balance at once, behind the modal.
  await expect.poll(() => pillCoins(page), { timeout: 2_000 }).toBe(Math.floor((before + Math.round(Number(amount) * 100)) / 100));
}

describe.skipIf(!hasChromium)('tasks journey', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let page: Page;
  beforeAll(() => ({ stack, page } = fixture));

  it('the operator starts tasks; a visitor sees them and goes to login to claim', async () => {
    const coin = (count: number) => ({ awardId: 2001, count, multiplier: 1 });
    await startActivity(stack, {
      type: 42, name: 'Daily tasks', sort: 5,
      settings: {
        tasks: [
          { id: 'rounds', period: 'daily', title: { 'en-US': 'Play 2 rounds' }, condition: { type: 'rounds' }, target: 2, award: coin(100), liveness: 10 },
          { id: 'login', period: 'daily', title: { 'en-US': 'Log in today' }, condition: { type: 'login' }, target: 1, award: coin(50), liveness: 5 },
          { id: 'bet-dice', period: 'weekly', title: { 'en-US': 'Bet 500.00 this week' }, condition: { type: 'bet' }, target: 50_000, award: coin(1_000), liveness: 20 },
          { id: 'deposit', period: 'novice', title: { 'en-US': 'Deposit 50.00' }, condition: { type: 'depositAmount' }, target: 5_000, award: coin(200) },
        ],
        chests: { daily: [{ liveness: 15, award: coin(300) }, { liveness: 40, award: coin(800) }], weekly: [{ liveness: 100, award: coin(2_000) }] },
      },
    });
    await page.goto('/bonus/tasks');
    await task(page, 'rounds').waitFor();
    await expect(page.getByTestId('task').count()).resolves.toBe(4);
    await expect(task(page, 'rounds').getByTestId('task-progress').innerText()).resolves.toBe('0 / 2');
    await snapNarrow(page, 'tasks-0-visitor');
    await task(page, 'rounds').getByTestId('task-login').click();
    await page.waitForURL(/\/auth\/login\?.*redirect=%2Fbonus%2Ftasks/);
  });

  it('a new player deposits 100 and plays two real Dice rounds; the tasks show the progress', async () => {
    await registerPlayer(page, 'tsk');
    await sandboxDeposit(page, 100);

    const frame = await playOriginal(page, 'Dice');
    for (let i = 0; i < 2; i++) {
      const played = page.waitForResponse((r) => r.url().includes('/originals/api/dice/roll') && r.ok());
      await frame.getByTestId('action').click();
      await played;
      await expect.poll(() => frame.getByTestId('action').isEnabled(), { timeout: 30_000 }).toBe(true);
    }
    await page.getByTestId('game-exit').click();
    await page.waitForURL((u) => u.pathname === '/');

    await waitForStatus(page, 'rounds', 'claimable');
    await expect(task(page, 'rounds').getByTestId('task-progress').innerText()).resolves.toBe('2 / 2');
    await expect(task(page, 'login').getAttribute('data-status')).resolves.toBe('claimable');
    await waitForStatus(page, 'deposit', 'claimable');
    await expect(task(page, 'deposit').getByTestId('task-progress').innerText()).resolves.toBe('50.00 / 50.00');
    const bet = await task(page, 'bet-dice').getByTestId('task-progress').innerText();
    expect(bet).toMatch(/^\d+\.\d\d \/ 500\.00$/);
    expect(bet.startsWith('0.00')).toBe(false);
    await snapNarrow(page, 'tasks-1-progress');
  });

  it('claims: the reward modal, the balance at once, the task received; the liveness chest opens', async () => {
    await claim(page, task(page, 'rounds').getByTestId('task-claim'), '1.00');
    await snap(page, 'tasks-2-claim-modal', 300);
    await page.getByTestId('reward-ok').click();
    await page.getByTestId('reward-modal').waitFor({ state: 'detached' });
    await expect.poll(() => task(page, 'rounds').getAttribute('data-status')).toBe('received');

    await claim(page, task(page, 'login').getByTestId('task-claim'), '0.50');
    await page.getByTestId('reward-ok').click();
    await page.getByTestId('reward-modal').waitFor({ state: 'detached' });
    // 10 + 5 liveness today: the first daily chest (15) opens.
    await expect.poll(() => page.getByTestId('liveness-daily').getByTestId('liveness-value').innerText()).toBe('15');
    const chest = page.getByTestId('liveness-daily').getByTestId('chest').first();
    await expect.poll(() => chest.getAttribute('data-status')).toBe('claimable');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapNarrow(page, 'tasks-3-chest');
    await claim(page, chest, '3.00');
    await page.getByTestId('reward-ok').click();
    await expect.poll(() => chest.getAttribute('data-status')).toBe('received');

    await claim(page, task(page, 'deposit').getByTestId('task-claim'), '2.00');
    await page.getByTestId('reward-ok').click();
    await page.getByTestId('reward-modal').waitFor({ state: 'detached' });
    await snapNarrow(page, 'tasks-4-claimed');
  });

  it('every grant is in /reward/record', async () => {
    await page.goto('/reward/record');
    const rows = page.getByTestId('award-row');
    await rows.first().waitFor();
    const text = await page.getByTestId('reward-records').innerText();
    expect(text.match(/Daily tasks/g)?.length).toBeGreaterThanOrEqual(6); // 4 coin grants + 2 liveness grants
    await snap(page, 'tasks-5-records');
  });
});
