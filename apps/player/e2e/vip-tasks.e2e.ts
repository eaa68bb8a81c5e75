/**
 * Issue 17's journey, as one player lives it, against the real server and the built app at 390×844
 * (some screens also at 360×740), no mocks: the operator runs a VIP club (levels, gifts, VIP tasks,
 * rebate) and daily tasks; a visitor sees the tasks and is sent to login to claim; a new player
 * deposits through the sandbox pay page and spins Fortune Reels for real (the game server bets and
 * wins through the signed seamless wallet; the event runner's VIP and tasks consumers read the
 * settled rounds); VIP exp and task progress move by exactly the bets; the level goes up with the
 * VIP gift modal; the player receives a task, its liveness chest, the VIP daily gift, a VIP task and
 * the rebate (each in the reward modal with its exact amount, the top bar's balance moving at once)
 * and finds each in /bonus/record and summed in /bonus/reward; the top bar, Me, VIP, tasks, rebate
 * and record screens agree on every figure.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import { appCall, hasChromium, playOriginal, registerPlayer, sandboxDeposit, snap, snapNarrow, startActivity, useStackPage, type Stack } from './harness.ts';

const exact = (h: number) => `${Math.floor(h / 100).toLocaleString('en-US')}.${String(h % 100).padStart(2, '0')}`;
const task = (page: Page, id: string) => page.locator(`[data-testid="task"][data-task="${id}"]`);
const pillCoins = async (page: Page) => Number((await page.getByTestId('balance-pill').first().innerText()).replace(/[^\d]/g, ''));

/** Reloads `path` until `read` answers `want` (the consumers read the events about once a second). */
async function until(page: Page, path: string, read: () => Promise<string | null>, want: string): Promise<void> {
  await expect
    .poll(async () => {
      await page.goto(path);
      return read();
    }, { timeout: 30_000, interval: 1_000 })
    .toBe(want);
}

describe.skipIf(!hasChromium)('VIP, tasks and rebate journey', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let page: Page;
  /** Settled slot rounds as the game server answered them: their bets (hundredths). */
  const bets: number[] = [];
  /** The player's coin (hundredths) as refreshData answers it. */
  const coin = async () => (await appCall<{ coin: number }>(page, 'refreshData', {})).data.coin;
  /** What the player should hold: the server's balance after the rounds, plus every grant since. */
  let balance = 0;

  /** A claim: the reward modal shows `amount` (hundredths) and names `activity`; the top bar moves at once; the server's balance by exactly it. */
  async function claim(button: Locator, amount: number, activity: string): Promise<void> {
    const before = await coin();
    await button.click({ timeout: 10_000 });
    const modal = page.getByTestId('reward-modal');
    await modal.waitFor({ timeout: 10_000 });
    await expect(modal.getByTestId('reward-amount').first().innerText({ timeout: 5_000 })).resolves.toBe(exact(amount));
    await expect(modal.innerText({ timeout: 5_000 })).resolves.toContain(activity);
    // Pages with the top bar (the bonus centre) show the new balance at once; the VIP pages have a nav bar instead.
    if (await page.getByTestId('balance-pill').count()) await expect.poll(() => pillCoins(page), { timeout: 2_000 }).toBe(Math.floor((before + amount) / 100));
    expect((await coin()) - before).toBe(amount);
    balance += amount;
  }
  const closeModal = async () => {
    await page.getByTestId('reward-ok').click();
    await page.getByTestId('reward-modal').waitFor({ state: 'detached' });
  };

  beforeAll(() => {
    ({ stack, page } = fixture);
    page.on('response', (res: Response) => {
      if (!new URL(res.url()).pathname.startsWith('/originals/api/slot/spin') || !res.ok()) return;
      void res.json().then((b: { bet?: number }) => {
        if (typeof b.bet === 'number') bets.push(b.bet);
      }, () => undefined);
    });
  });

  it('the operator runs a VIP club and daily tasks; a visitor sees the tasks and goes to login to claim', async () => {
    await startActivity(stack, {
      type: 8, name: 'VIP club', sort: 5,
      rules: { 'en-US': 'Every settled bet counts towards your level; higher levels give more.' },
      settings: {
        levels: [
          { betAmount: 0, rebateBp: 500 },
          { betAmount: 200, levelUpReward: 100, dailyGift: 50, signInGift: 70, rebateBp: 1000, tasks: [{ id: 1, betAmount: 200, reward: 30 }, { id: 2, betAmount: 50_000, reward: 500 }] },
          { betAmount: 100_000, levelUpReward: 1_000, dailyGift: 200, signInGift: 300, rebateBp: 1000, rebateBpByType: { '2': 800 } },
          { betAmount: 1_000_000, levelUpReward: 5_000, dailyGift: 500, signInGift: 1_000, rebateBp: 1000 },
        ],
        multiplier: 1,
      },
    });
    const coinAward = (count: number) => ({ awardId: 2001, count, multiplier: 1 });
    await startActivity(stack, {
      type: 42, name: 'Daily tasks', sort: 6,
      settings: {
        tasks: [
          { id: 'rounds', period: 'daily', title: { 'en-US': 'Play 2 rounds' }, condition: { type: 'rounds' }, target: 2, award: coinAward(100), liveness: 10 },
          { id: 'login', period: 'daily', title: { 'en-US': 'Log in today' }, condition: { type: 'login' }, target: 1, award: coinAward(50), liveness: 5 },
          { id: 'bet', period: 'weekly', title: { 'en-US': 'Bet 500.00 this week' }, condition: { type: 'bet' }, target: 50_000, award: coinAward(1_000), liveness: 20 },
          { id: 'deposit', period: 'novice', title: { 'en-US': 'Deposit 50.00' }, condition: { type: 'depositAmount' }, target: 5_000, award: coinAward(200) },
        ],
        chests: { daily: [{ liveness: 15, award: coinAward(300) }, { liveness: 40, award: coinAward(800) }], weekly: [{ liveness: 100, award: coinAward(2_000) }] },
      },
    });
    await page.goto('/bonus/tasks');
    await task(page, 'rounds').waitFor();
    await expect(page.getByTestId('task').count()).resolves.toBe(4);
    await expect(task(page, 'rounds').getByTestId('task-progress').innerText()).resolves.toBe('0 / 2');
    await snapNarrow(page, 'rewards-0-visitor-tasks');
    await task(page, 'rounds').getByTestId('task-login').click();
    await page.waitForURL(/\/auth\/login\?.*redirect=%2Fbonus%2Ftasks/);
  });

  it('a new player deposits 100 and starts at VIP 0 with no task progress', async () => {
    await registerPlayer(page, 'rwd');
    await sandboxDeposit(page, 100);
    await page.goto('/vip');
    await page.waitForURL(/\/vip\/home$/);
    await expect(page.getByTestId('vip-level').innerText()).resolves.toBe('VIP 0');
    await expect(page.getByTestId('vip-exp').innerText()).resolves.toBe('0.00');
    await expect(page.getByTestId('vip-next').innerText()).resolves.toBe('Bet to reach VIP 1: 2.00');
    await snapNarrow(page, 'rewards-1-vip-start');
    await page.goto('/bonus/tasks');
    await task(page, 'rounds').waitFor();
    await expect(task(page, 'rounds').getByTestId('task-progress').innerText()).resolves.toBe('0 / 2');
    await expect(task(page, 'bet').getByTestId('task-progress').innerText()).resolves.toBe('0.00 / 500.00');
    // The deposit counted: the novice task is done.
    await until(page, '/bonus/tasks', () => task(page, 'deposit').getAttribute('data-status'), 'claimable');
    await expect(task(page, 'deposit').getByTestId('task-progress').innerText()).resolves.toBe('50.00 / 50.00');
  });

  it('spins Fortune Reels for real; task progress and VIP exp move by exactly the bets; the VIP gift modal', async () => {
    let frame = await playOriginal(page, 'Fortune Reels');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await frame.getByTestId('action').click();
    await expect.poll(() => bets.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => frame.getByTestId('action').isEnabled(), { timeout: 60_000 }).toBe(true);
    // One round: the tasks page moves to 1 / 2 and the week's bet to the spin's stake.
    await until(page, '/bonus/tasks', () => task(page, 'rounds').getByTestId('task-progress').innerText(), '1 / 2');
    await expect(task(page, 'bet').getByTestId('task-progress').innerText()).resolves.toBe(`${exact(bets[0]!)} / 500.00`);
    await task(page, 'bet').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snapNarrow(page, 'rewards-2-tasks-one-round');

    frame = await playOriginal(page, 'Fortune Reels');
    for (let spin = 2; spin <= 3; spin++) {
      await frame.getByTestId('action').click();
      await expect.poll(() => bets.length, { timeout: 20_000 }).toBe(spin);
      await expect.poll(() => frame.getByTestId('action').isEnabled(), { timeout: 60_000 }).toBe(true);
    }
    await page.emulateMedia({ reducedMotion: null });
    const exp = bets.reduce((a, b) => a + b, 0);
    expect(exp).toBeGreaterThanOrEqual(200);
    await until(page, '/vip/home', () => page.getByTestId('vip-exp').innerText(), exact(exp));
    const modal = page.getByTestId('vip-gift-modal');
    await modal.waitFor();
    await expect(modal.innerText()).resolves.toContain('VIP 1 reached!');
    await expect(modal.getByTestId('vip-gift-amount').innerText()).resolves.toBe('1.00');
    await snapNarrow(page, 'rewards-3-vip-gift-modal', 400);
    await modal.getByTestId('vip-gift-ok').click();
    await modal.waitFor({ state: 'detached' });
    await expect(page.getByTestId('vip-level').innerText()).resolves.toBe('VIP 1');
    await expect(page.getByTestId('vip-today-bet').innerText()).resolves.toBe(exact(exp));
    await expect(page.getByTestId('vip-task').first().getAttribute('data-status')).resolves.toBe('done');
    await snapNarrow(page, 'rewards-4-vip-level-1');
    // The same figure on the tasks page: the week's bet is today's valid bet.
    await until(page, '/bonus/tasks', () => task(page, 'bet').getByTestId('task-progress').innerText(), `${exact(exp)} / 500.00`);
    await expect(task(page, 'rounds').getByTestId('task-progress').innerText()).resolves.toBe('2 / 2');
    await expect(task(page, 'rounds').getAttribute('data-status')).resolves.toBe('claimable');
    balance = await coin();
  });

  it('receives two tasks and the liveness chest, each with its exact amount', async () => {
    await claim(task(page, 'rounds').getByTestId('task-claim'), 100, 'Daily tasks');
    await snap(page, 'rewards-5-task-modal', 300);
    await closeModal();
    await expect.poll(() => task(page, 'rounds').getAttribute('data-status')).toBe('received');
    await claim(task(page, 'login').getByTestId('task-claim'), 50, 'Daily tasks');
    await closeModal();
    // 10 + 5 liveness today: the first daily chest (15) opens.
    await expect.poll(() => page.getByTestId('liveness-daily').getByTestId('liveness-value').innerText()).toBe('15');
    const chest = page.getByTestId('liveness-daily').getByTestId('chest').first();
    await expect.poll(() => chest.getAttribute('data-status')).toBe('claimable');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapNarrow(page, 'rewards-6-tasks-chest');
    await claim(chest, 300, 'Daily tasks');
    await closeModal();
    await expect.poll(() => chest.getAttribute('data-status')).toBe('received');
    await claim(task(page, 'deposit').getByTestId('task-claim'), 200, 'Daily tasks');
    await closeModal();
  });

  it('receives the VIP daily gift and a VIP task', async () => {
    await page.goto('/bonus/vip');
    await claim(page.getByTestId('vip-daily-receive'), 50, 'VIP');
    await snapNarrow(page, 'rewards-7-vip-daily-modal', 300);
    await closeModal();
    await page.getByTestId('vip-daily').getByRole('button', { name: 'Received' }).waitFor();
    await claim(page.getByTestId('vip-task').first().getByTestId('vip-task-receive'), 30, 'VIP');
    await closeModal();
    await expect.poll(() => page.getByTestId('vip-task').first().getAttribute('data-status')).toBe('received');
  });

  let rebate = 0;
  it('the rebate: the exact share of the bets at the level held for each, received, in its records', async () => {
    await page.getByTestId('vip-level-link').click();
    await page.waitForURL(/\/vip\/level$/);
    await page.getByTestId('vip-level-card').first().waitFor();
    await expect(page.getByTestId('vip-level-card').count()).resolves.toBe(4);
    await expect(page.locator('[data-testid="vip-level-card"][aria-current="true"]').innerText()).resolves.toContain('VIP 1');

    await page.goto('/bonus/rebate');
    const total = page.getByTestId('rebate-total');
    await total.waitFor();
    // Spins while the exp was below 2.00 at VIP 0's 5 %, the rest at VIP 1's 10 %, floored at the claim.
    let micros = 0;
    let exp = 0;
    for (const b of bets) {
      micros += b * (exp >= 200 ? 1000 : 500);
      exp += b;
    }
    rebate = Math.floor(micros / 10_000);
    await expect(total.innerText()).resolves.toBe(exact(rebate));
    await snapNarrow(page, 'rewards-8-rebate');
    await claim(page.getByTestId('rebate-receive'), rebate, 'Rebate');
    await closeModal();
    await page.getByTestId('rebate-receive').filter({ hasText: 'Nothing to receive yet' }).waitFor();
    await page.goto('/vip/rebate/record');
    await expect(page.getByTestId('rebate-claim-amount').innerText()).resolves.toBe(`+${exact(rebate)}`);
    await page.getByTestId('rebate-end').waitFor();
    await snapNarrow(page, 'rewards-9-rebate-records');
  });

  it('each grant is in /bonus/record, summed in /bonus/reward; the top bar and Me show the same balance', async () => {
    await page.goto('/bonus/record');
    await page.getByTestId('award-end').waitFor();
    const rows = page.getByTestId('award-row');
    const vip = rows.filter({ hasText: 'VIP club' });
    await expect(vip.getByTestId('award-amount').allInnerTexts()).resolves.toEqual([`+${exact(rebate)}`, '+0.30', '+0.50', '+1.00']);
    await expect(vip.getByTestId('award-what').allInnerTexts()).resolves.toEqual(['Rebate', 'VIP task', 'Daily gift', 'Level-up reward']);
    const tasks = rows.filter({ hasText: 'Daily tasks' });
    const coinRows = (await tasks.getByTestId('award-amount').allInnerTexts()).filter((a) => a.includes('.'));
    expect(coinRows.sort()).toEqual(['+0.50', '+1.00', '+2.00', '+3.00']);
    await snapNarrow(page, 'rewards-10-record');

    await page.goto('/bonus/reward');
    const sums = (name: string) => page.getByTestId('bonus-sum').filter({ hasText: name }).getByTestId('bonus-sum-amount').allInnerTexts();
    await page.getByTestId('bonus-sum').first().waitFor();
    await expect(sums('VIP club')).resolves.toEqual([`+${exact(rebate + 30 + 50 + 100)}`]);
    // Bonus coin, and the activity points the two tasks gave (10 + 5).
    await expect(sums('Daily tasks')).resolves.toEqual([`+${exact(50 + 100 + 200 + 300)}`, '+15']);
    await snapNarrow(page, 'rewards-11-reward');

    // Every claim's answer carried the balance: the server, the top bar and Me hold the same figure.
    expect(await coin()).toBe(balance);
    await page.goto('/member');
    await expect.poll(() => page.getByTestId('balance-pill').first().innerText(), { timeout: 5_000 }).toBe(String(Math.floor(balance / 100)));
    await expect(page.getByTestId('member-balance').innerText()).resolves.toBe(Math.floor(balance / 100).toLocaleString('en-US'));
    await snapNarrow(page, 'rewards-12-me');
  });
});
