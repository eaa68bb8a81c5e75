/**
 * VIP and rebate journey (issue 17 §2-§3) against the real server and the built app at 390×844:
 * the operator starts a VIP club; a new player deposits, sees VIP 0, spins Fortune Reels for real
 * (the game server bets and wins through the signed seamless wallet; the event runner's VIP
 * consumer reads the settled rounds), watches the exp move and the level go up with the VIP gift
 * modal, receives the daily gift, a VIP task and the rebate (the reward modal with the exact amount)
 * and finds every grant in /reward/record, the top bar's balance adding them up. Screens at 390×844 and 360×740.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { appCall, hasChromium, playOriginal, registerPlayer, snapNarrow, startActivity, useStackPage, type Stack } from './harness.ts';

const exact = (h: number) => `${Math.floor(h / 100).toLocaleString('en-US')}.${String(h % 100).padStart(2, '0')}`;

describe.skipIf(!hasChromium)('VIP and rebate journey', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let page: Page;
  /** Settled slot rounds as the game server answered them: their bets (hundredths). */
  const bets: number[] = [];
  /** The player's coin (hundredths) as refreshData answers it. */
  const coin = async () => (await appCall<{ coin: number }>(page, 'refreshData', {})).data.coin;
  let balance = 0;
  beforeAll(() => {
    ({ stack, page } = fixture);
    page.on('response', (res: Response) => {
      if (!new URL(res.url()).pathname.startsWith('/originals/api/slot/spin') || !res.ok()) return;
      void res.json().then((b: { bet?: number }) => {
        if (typeof b.bet === 'number') bets.push(b.bet);
      }, () => undefined);
    });
  });

  it('the operator starts a VIP club; a new player deposits and sees VIP 0', async () => {
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
    await registerPlayer(page, 'vip');
    await page.getByTestId('topbar-deposit').click();
    await page.waitForURL(/\/wallets\?name=deposit$/);
    await page.locator('input#deposit-amount').fill('100');
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/DP/);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.getByText('Deposit credited').waitFor({ timeout: 20_000 });
    await page.goto('/vip');
    await page.waitForURL(/\/vip\/home$/);
    await expect(page.getByTestId('vip-level').innerText()).resolves.toBe('VIP 0');
    await expect(page.getByTestId('vip-exp').innerText()).resolves.toBe('0.00');
    await expect(page.getByTestId('vip-next').innerText()).resolves.toBe('Bet to reach VIP 1: 2.00');
    await snapNarrow(page, 'vip-1-home-start');
  });

  it('spins Fortune Reels for real; the exp moves, the level goes up and the VIP gift modal says so', async () => {
    const frame = await playOriginal(page, 'Fortune Reels');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (let spin = 1; spin <= 3; spin++) {
      await frame.getByTestId('action').click();
      await expect.poll(() => bets.length, { timeout: 20_000 }).toBe(spin);
      await expect.poll(() => frame.getByTestId('action').isEnabled(), { timeout: 60_000 }).toBe(true);
    }
    await page.emulateMedia({ reducedMotion: null });
    const exp = bets.reduce((a, b) => a + b, 0);
    expect(exp).toBeGreaterThanOrEqual(200);
    // The consumer runs about once a second: VIP 1 shows within a few.
    await expect
      .poll(async () => {
        await page.goto('/vip/home');
        return page.getByTestId('vip-exp').innerText();
      }, { timeout: 20_000, interval: 1_000 })
      .toBe(exact(exp));
    const modal = page.getByTestId('vip-gift-modal');
    await modal.waitFor();
    await expect(modal.innerText()).resolves.toContain('VIP 1 reached!');
    await expect(modal.getByTestId('vip-gift-amount').innerText()).resolves.toBe('1.00');
    await snapNarrow(page, 'vip-2-gift-modal', 400);
    await modal.getByTestId('vip-gift-ok').click();
    await modal.waitFor({ state: 'detached' });
    await expect(page.getByTestId('vip-level').innerText()).resolves.toBe('VIP 1');
    await expect(page.getByTestId('vip-today-bet').innerText()).resolves.toBe(exact(exp));
    await expect(page.getByTestId('vip-task').first().getAttribute('data-status')).resolves.toBe('done');
    balance = await coin();
    await snapNarrow(page, 'vip-3-home-level-1');
  });

  it('receives the daily gift and a VIP task, each with its exact amount', async () => {
    await page.getByTestId('vip-daily-receive').click();
    const modal = page.getByTestId('reward-modal');
    await modal.waitFor();
    await expect(modal.getByTestId('reward-amount').innerText()).resolves.toBe('0.50');
    await expect(modal.innerText()).resolves.toContain('VIP');
    balance += 50;
    await snapNarrow(page, 'vip-4-daily-modal', 300);
    await page.getByTestId('reward-ok').click();
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('vip-daily').getByRole('button', { name: 'Received' }).waitFor();
    await page.getByTestId('vip-task').first().getByTestId('vip-task-receive').click();
    await expect(page.getByTestId('reward-modal').getByTestId('reward-amount').innerText()).resolves.toBe('0.30');
    balance += 30;
    await page.getByTestId('reward-ok').click();
    await expect.poll(() => page.getByTestId('vip-task').first().getAttribute('data-status')).toBe('received');
  });

  it('the level table, then the rebate: per game type, received with its exact amount, in its records', async () => {
    await page.getByTestId('vip-level-link').click();
    await page.waitForURL(/\/vip\/level$/);
    await page.getByTestId('vip-level-card').first().waitFor();
    await expect(page.getByTestId('vip-level-card').count()).resolves.toBe(4);
    await expect(page.locator('[data-testid="vip-level-card"][aria-current="true"]').innerText()).resolves.toContain('VIP 1');
    await snapNarrow(page, 'vip-5-levels');

    await page.goto('/vip/rebate');
    const total = page.getByTestId('rebate-total');
    await total.waitFor();
    // Spin 1 (and 2 while the exp was below 2.00) at VIP 0's 5 %, the rest at VIP 1's 10 %, floored at the claim.
    let micros = 0;
    let exp = 0;
    for (const b of bets) {
      micros += b * (exp >= 200 ? 1000 : 500);
      exp += b;
    }
    const rebate = Math.floor(micros / 10_000);
    await expect(total.innerText()).resolves.toBe(exact(rebate));
    await snapNarrow(page, 'vip-6-rebate');
    await page.getByTestId('rebate-receive').click();
    const modal = page.getByTestId('reward-modal');
    await expect(modal.getByTestId('reward-amount').innerText()).resolves.toBe(exact(rebate));
    balance += rebate;
    await page.getByTestId('reward-ok').click();
    await page.getByTestId('rebate-receive').filter({ hasText: 'Nothing to receive yet' }).waitFor();
    await page.getByTestId('nav-bar-link').click();
    await page.waitForURL(/\/vip\/rebate\/record$/);
    await expect(page.getByTestId('rebate-claim-amount').innerText()).resolves.toBe(`+${exact(rebate)}`);
    await page.getByTestId('rebate-end').waitFor();
    await snapNarrow(page, 'vip-7-rebate-records');

    await page.goto('/reward/record');
    await page.getByTestId('award-end').waitFor();
    const amounts = await page.getByTestId('award-row').filter({ hasText: 'VIP club' }).getByTestId('award-amount').allInnerTexts();
    expect(amounts).toEqual([`+${exact(rebate)}`, '+0.30', '+0.50', '+1.00']);
    await expect(page.getByTestId('award-what').allInnerTexts()).resolves.toEqual(['Rebate', 'VIP task', 'Daily gift', 'Level-up reward']);
    await snapNarrow(page, 'vip-8-reward-records');
    // Every claim's answer carried the balance: the top bar shows the deposit, the rounds and the four grants.
    await page.goto('/member');
    await expect.poll(() => page.getByTestId('balance-pill').first().innerText(), { timeout: 5_000 }).toBe(String(Math.floor(balance / 100)));
  });
});
