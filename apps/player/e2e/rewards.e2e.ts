/**
 * Rewards journey (issue 14) against the real server and the built app at 390×844: an activity
 * route whose activity does not run is a 404; the operator starts a daily sign-in, a sign-up bonus
 * and a first-deposit offer; a new player sees the red dots, receives the sign-up bonus from Me and
 * signs in for the day (the reward modal shows the exact amount, the top bar the new balance at
 * once, the dots go off), reads the rules, finds both grants in /reward/record and sees the
 * first-deposit offer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, registerPlayer, snap, startActivity, useStackPage } from './harness.ts';

const pill = (page: Page, coins: number) => page.getByTestId('balance-pill').filter({ hasText: new RegExp(`^\\s*${coins}\\s*$`) });
const bonusDot = (page: Page) => page.locator('.tab-bar').getByRole('link', { name: /^Bonus/ }).getByTestId('red-dot');

describe.skipIf(!hasChromium)('rewards journey', () => {
  const fixture = useStackPage();
  let page: Page;
  beforeAll(() => ({ page } = fixture));

  it('an activity route is a 404 while its activity does not run, and an unknown one too', async () => {
    await registerPlayer(page, 'rwd');
    await pill(page, 0).waitFor();
    await page.goto('/activity/sign-in');
    await page.getByTestId('not-found').waitFor();
    await page.goto('/activity/first-deposit');
    await page.getByTestId('not-found').waitFor();
    await page.goto('/activity/no-such-thing');
    await page.getByTestId('not-found').waitFor();
    await snap(page, 'rewards-rewards-0-not-found', 300);
  });

  it('the operator starts a daily sign-in, a sign-up bonus and a first-deposit offer', async () => {
    const create = (_name: string, body: Record<string, unknown>) => startActivity(fixture.stack, body);
    await create('sign-in', {
      type: 36, name: 'Daily sign-in', sort: 10,
      rules: { 'en-US': 'Sign in every day to collect a bonus; day 7 pays the most.' },
      settings: { rewards: [123, 150, 200, 250, 300, 350, 1000], multiplier: 2 },
    });
    await create('sign-up', { type: 15, name: 'Welcome bonus', sort: 20, settings: { amount: 500, multiplier: 1, days: 7 } });
    await create('first-deposit', {
      type: 44, name: 'First deposit bonus', sort: 30,
      settings: { tiers: [{ minDeposit: 2000, bonus: 500 }, { minDeposit: 10000, bonus: 3000 }], multiplier: 3 },
    });
  });

  it('Me shows the rewards with their dots (the Bonus tab its dot); the sign-up bonus is received from there', async () => {
    await page.goto('/member');
    // A new player first sees the first-deposit offer as a startup popup (once a session): close it.
    await page.getByTestId('first-deposit-close').click();
    await page.getByTestId('first-deposit-modal').waitFor({ state: 'detached' });
    await bonusDot(page).waitFor({ timeout: 10_000 });
    const entries = page.getByTestId('reward-entries');
    await entries.getByTestId('sign-in-item').getByTestId('red-dot').waitFor();
    const claim = entries.getByTestId('claim-item').filter({ hasText: 'Welcome bonus' });
    await expect(claim.innerText()).resolves.toContain('5.00');
    await snap(page, 'rewards-rewards-1-member', 300);

    await claim.getByTestId('claim-receive').click();
    const modal = page.getByTestId('reward-modal');
    await modal.waitFor();
    await expect(modal.getByTestId('reward-amount').innerText()).resolves.toBe('5.00');
    await expect(modal.innerText()).resolves.toContain('Welcome bonus');
    await expect(modal.getByTestId('reward-turnover').innerText()).resolves.toBe('Turnover to play before withdrawal: 5.00');
    // The top bar shows the new balance at once, behind the modal.
    await pill(page, 5).waitFor({ timeout: 2_000 });
    await snap(page, 'rewards-rewards-2-signup-modal', 300);
    await page.getByTestId('reward-ok').click();
    await modal.waitFor({ state: 'detached' });
    await claim.waitFor({ state: 'detached', timeout: 10_000 });
    // The sign-in dot is still on, so the Bonus tab keeps its dot.
    await bonusDot(page).waitFor();
  });

  it('signs in for the day: the exact amount, the balance at once, the dots go off', async () => {
    await page.getByTestId('sign-in-item').click();
    await page.waitForURL(/\/activity\/sign-in$/);
    const days = page.getByTestId('sign-in-day');
    await days.first().waitFor();
    await expect(days.count()).resolves.toBe(7);
    await expect(days.nth(0).getAttribute('data-status')).resolves.toBe('today');
    await expect(page.getByTestId('sign-in-wagering').innerText()).resolves.toBe('Bonus coin needs ×2 turnover before withdrawal');
    const receive = page.getByTestId('sign-in-receive');
    await expect(receive.innerText()).resolves.toBe('Receive 1.23');
    await snap(page, 'rewards-rewards-3-sign-in', 300);

    await receive.click();
    const modal = page.getByTestId('reward-modal');
    await modal.waitFor();
    await expect(modal.getByTestId('reward-amount').innerText()).resolves.toBe('1.23');
    await expect(modal.innerText()).resolves.toContain('Bonus coin');
    await expect(modal.getByTestId('reward-turnover').innerText()).resolves.toBe('Turnover to play before withdrawal: 2.46');
    await snap(page, 'rewards-rewards-4-sign-in-modal', 300);
    await page.getByTestId('reward-ok').click();
    await receive.filter({ hasText: 'Received today' }).waitFor();
    await expect.poll(() => days.nth(0).getAttribute('data-status')).toBe('received');
    await expect(page.getByTestId('sign-in-next').innerText()).resolves.toMatch(/^Next sign-in .+ · \d\d:\d\d:\d\d$/);
    await snap(page, 'rewards-rewards-5-signed-in', 300);

    await page.getByTestId('nav-bar-link').click();
    await page.waitForURL(/\/activity\/sign-in\/rule$/);
    await expect(page.getByTestId('sign-in-rules').innerText()).resolves.toContain('Day 7 10.00');
    await snap(page, 'rewards-rewards-6-rules', 300);

    // Back on Me: 5.00 + 1.23 shows as 6 in the top bar, no dot is left on the sign-in entry or the tab.
    const dotsAnswered = page.waitForResponse((r) => r.url().endsWith('/app/v1/activityGetStatusList'));
    await page.goto('/member');
    await dotsAnswered;
    await pill(page, 6).waitFor({ timeout: 5_000 });
    await page.getByTestId('sign-in-item').waitFor();
    await expect(page.getByTestId('sign-in-item').getByTestId('red-dot').count()).resolves.toBe(0);
    await expect(bonusDot(page).count()).resolves.toBe(0);
  });

  it('both grants are in /reward/record with their exact amounts and wagering', async () => {
    await page.getByTestId('reward-record-item').click();
    await page.waitForURL(/\/reward\/record$/);
    const rows = page.getByTestId('award-row');
    await page.getByTestId('award-end').waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.nth(0).innerText()).resolves.toContain('Daily sign-in');
    await expect(rows.nth(0).getByTestId('award-amount').innerText()).resolves.toBe('+1.23');
    await expect(rows.nth(0).getByTestId('award-turnover').innerText()).resolves.toBe('Turnover added 2.46');
    await expect(rows.nth(1).innerText()).resolves.toContain('Welcome bonus');
    await expect(rows.nth(1).getByTestId('award-amount').innerText()).resolves.toBe('+5.00');
    await page.getByTestId('award-end').waitFor();
    await snap(page, 'rewards-rewards-7-records', 300);

    await page.getByTestId('award-filter').filter({ hasText: 'Daily sign-in' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect(rows.first().innerText()).resolves.toContain('Daily sign-in');
  });

  it('the first-deposit offer shows its tiers and wagering and leads to deposit', async () => {
    await page.goto('/member');
    await page.getByTestId('first-deposit-item').click();
    await page.waitForURL(/\/activity\/first-deposit$/);
    const tiers = page.getByTestId('first-deposit-tier');
    await tiers.first().waitFor();
    await expect(tiers.count()).resolves.toBe(2);
    await expect(tiers.nth(0).innerText()).resolves.toMatch(/Deposit 20\.00\s*→\s*Bonus 5\.00/);
    await expect(tiers.nth(1).innerText()).resolves.toMatch(/Deposit 100\.00\s*→\s*Bonus 30\.00/);
    await expect(page.getByTestId('first-deposit-wagering').innerText()).resolves.toBe('Bonus coin needs ×3 turnover before withdrawal');
    await snap(page, 'rewards-rewards-8-first-deposit', 300);
    await page.getByTestId('first-deposit-go').click();
    await page.waitForURL(/\/wallets\?name=deposit/);
  });
});
