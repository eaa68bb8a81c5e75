/**
 * Bonus centre journey (issue 17 §1) against the real server and the built app at 390×844 (and
 * 360×740, 1280×800 once): the operator runs a daily sign-in, a sign-up bonus and a first-deposit
 * offer; a visitor sees them in /bonus with what they give and is sent to login to claim; a new
 * player sees the dot on the Bonus tab, receives the sign-up bonus from Bonus home (the reward
 * modal and the top bar's change agree with the server's balance), then finds the same exact amount
 * in /bonus/reward and /bonus/record.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appCall, hasChromium, registerPlayer, snap, snapNarrow, startActivity, useStackPage } from './harness.ts';

const pill = (page: Page, coins: number) => page.getByTestId('balance-pill').filter({ hasText: new RegExp(`^\\s*${coins}\\s*$`) });
const bonusDot = (page: Page) => page.locator('.tab-bar').getByRole('link', { name: /^Bonus/ }).getByTestId('red-dot');
const coin = async (page: Page) => (await appCall<{ coin: number }>(page, 'refreshData', {})).data.coin;

describe.skipIf(!hasChromium)('bonus centre journey', () => {
  const fixture = useStackPage();
  let page: Page;
  beforeAll(() => ({ page } = fixture));

  it('the operator runs a daily sign-in, a sign-up bonus and a first-deposit offer', async () => {
    await startActivity(fixture.stack, {
      type: 36, name: 'Daily sign-in', sort: 10,
      rules: { 'en-US': 'Sign in every day to collect a bonus; day 7 pays the most.' },
      settings: { rewards: [123, 150, 200, 250, 300, 350, 1000], multiplier: 2 },
    });
    await startActivity(fixture.stack, { type: 15, name: 'Welcome bonus', sort: 20, settings: { amount: 512, multiplier: 1, days: 7 } });
    await startActivity(fixture.stack, {
      type: 44, name: 'First deposit bonus', sort: 30, endsAt: '2099-12-31T23:00:00.000Z',
      settings: { tiers: [{ minDeposit: 2000, bonus: 500 }, { minDeposit: 10000, bonus: 3000 }], multiplier: 3 },
    });
  });

  it('a visitor sees what runs and what it gives, and is sent to login to claim', async () => {
    await page.goto('/bonus');
    await page.waitForURL(/\/bonus\/home$/);
    await page.getByTestId('bonus-visitor').waitFor();
    const rows = page.getByTestId('bonus-claim');
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(1).innerText()).resolves.toContain('Bonus 5.12');
    await expect(rows.nth(2).innerText()).resolves.toContain('First deposit bonus up to 30.00');
    await expect(bonusDot(page).count()).resolves.toBe(0);
    await snapNarrow(page, 'bonus-1-visitor-home');

    await page.getByTestId('bonus-tab').filter({ hasText: 'Events' }).click();
    await page.waitForURL(/\/bonus\/event$/);
    const cards = page.getByTestId('bonus-event-card');
    await cards.first().waitFor();
    await expect(cards.count()).resolves.toBe(3);
    await expect(cards.nth(2).innerText()).resolves.toMatch(/Ends .*2099/);
    await snapNarrow(page, 'bonus-2-visitor-events');
    await cards.nth(0).getByTestId('bonus-event-rules').click();
    await expect(page.getByTestId('bonus-rules').innerText()).resolves.toContain('day 7 pays the most');
    await snap(page, 'bonus-3-rules', 300);
    await page.getByTestId('bonus-rules-close').click();
    await page.getByTestId('bonus-rules').waitFor({ state: 'detached' });

    await page.getByTestId('bonus-tab').filter({ hasText: 'Claim' }).click();
    await rows.nth(1).getByTestId('claim-action').click();
    await page.waitForURL(/\/auth\/login\?.*redirect=%2Fbonus%2Fhome/);
  });

  it('a new player sees the dot on the Bonus tab and receives the sign-up bonus from Bonus home', async () => {
    await registerPlayer(page, 'bns');
    await pill(page, 0).waitFor();
    // A new player first meets the first-deposit offer as a startup popup (once a session): close it.
    await page.getByTestId('first-deposit-close').click();
    await page.getByTestId('first-deposit-modal').waitFor({ state: 'detached' });
    await bonusDot(page).waitFor({ timeout: 10_000 });

    await page.locator('.tab-bar').getByRole('link', { name: /^Bonus/ }).click();
    await page.waitForURL(/\/bonus\/home$/);
    const ready = page.getByTestId('bonus-ready');
    const signUp = ready.getByTestId('bonus-claim').filter({ hasText: 'Welcome bonus' });
    await signUp.waitFor({ timeout: 10_000 });
    await signUp.getByTestId('red-dot').waitFor();
    await ready.getByTestId('bonus-claim').filter({ hasText: 'Daily sign-in' }).getByTestId('red-dot').waitFor();
    await snapNarrow(page, 'bonus-4-player-home');

    const before = await coin(page);
    await signUp.getByTestId('claim-action').click();
    const modal = page.getByTestId('reward-modal');
    await modal.waitFor();
    await expect(modal.getByTestId('reward-amount').innerText()).resolves.toBe('5.12');
    // The top bar shows the new balance at once (whole coins), and the server's balance moved by exactly the amount.
    await pill(page, 5).waitFor({ timeout: 2_000 });
    expect((await coin(page)) - before).toBe(512);
    await snap(page, 'bonus-5-claimed', 300);
    await page.getByTestId('reward-ok').click();
    await modal.waitFor({ state: 'detached' });
    // Received: out of "ready" (the sign-in is still there, so the tab keeps its dot).
    await signUp.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByTestId('bonus-other').getByTestId('bonus-claim').filter({ hasText: 'Welcome bonus' }).getByTestId('claim-done').filter({ hasText: 'Received' }).waitFor();
    await bonusDot(page).waitFor();
    await snapNarrow(page, 'bonus-6-player-home-after');
  });

  it('the same exact amount is in /bonus/reward and /bonus/record', async () => {
    await page.getByTestId('bonus-tab').filter({ hasText: 'Received' }).click();
    await page.waitForURL(/\/bonus\/reward$/);
    const total = page.getByTestId('bonus-total').filter({ hasText: 'Bonus coin' });
    await expect(total.getByTestId('bonus-total-amount').innerText()).resolves.toBe('+5.12');
    const sum = page.getByTestId('bonus-sum').filter({ hasText: 'Welcome bonus' });
    await expect(sum.getByTestId('bonus-sum-amount').innerText()).resolves.toBe('+5.12');
    await snapNarrow(page, 'bonus-7-reward');

    await page.getByTestId('bonus-see-records').click();
    await page.waitForURL(/\/bonus\/record$/);
    await page.getByTestId('award-end').waitFor();
    const rows = page.getByTestId('award-row');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().innerText()).resolves.toContain('Welcome bonus');
    await expect(rows.first().getByTestId('award-amount').innerText()).resolves.toBe('+5.12');
    await expect(page.getByTestId('award-end').innerText()).resolves.toBe('No more');
    await snapNarrow(page, 'bonus-8-record');

    // The same page at /reward/record.
    await page.goto('/reward/record');
    await expect(page.getByTestId('award-row').first().getByTestId('award-amount').innerText()).resolves.toBe('+5.12');
  });

  it('the player event page, and the centre on a wide screen', async () => {
    await page.goto('/bonus/event');
    await page.getByTestId('bonus-event-card').first().waitFor();
    await snapNarrow(page, 'bonus-9-player-events');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/bonus/home');
    await page.getByTestId('bonus-other').waitFor();
    await snap(page, 'bonus-10-home-1280');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('the header holds its four tabs at 360 px, in every language', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const lang of ['en-US', 'pt-BR', 'th-TH']) {
      await fixture.context.addCookies([{ name: 'lang', value: lang, url: fixture.stack.baseUrl }]);
      await page.goto('/bonus/home');
      await page.getByTestId('bonus-other').waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      const fits = await page.locator('.bonus-tabs').evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits, lang).toBe(true);
      await snap(page, `bonus-11-home-360-${lang}`);
    }
    await fixture.context.addCookies([{ name: 'lang', value: 'en-US', url: fixture.stack.baseUrl }]);
    await page.setViewportSize({ width: 390, height: 844 });
  });
  it('with tasks and VIP running, the centre gains their tabs, each opening its page', async () => {
    await page.goto('/bonus/home');
    await page.getByTestId('bonus-other').waitFor();
    await expect(page.getByTestId('bonus-tab').allInnerTexts()).resolves.toEqual(['Claim', 'Events', 'Received', 'Records']);
    await startActivity(fixture.stack, {
      type: 42, name: 'Daily tasks', sort: 40,
      settings: { tasks: [{ id: 'login', period: 'daily', title: { 'en-US': 'Log in today' }, condition: { type: 'login' }, target: 1, award: { awardId: 2001, count: 50, multiplier: 1 }, liveness: 5 }] },
    });
    await startActivity(fixture.stack, {
      type: 8, name: 'VIP club', sort: 50,
      settings: { levels: [{ betAmount: 0, rebateBp: 20 }, { betAmount: 10000, levelUpReward: 500, dailyGift: 100, rebateBp: 40 }], expWeights: {}, multiplier: 1 },
    });
    await page.goto('/bonus/home');
    await page.getByTestId('bonus-other').waitFor();
    await expect.poll(() => page.getByTestId('bonus-tab').allInnerTexts()).toEqual(['Claim', 'Events', 'Tasks', 'VIP', 'Rebate', 'Received', 'Records']);
    for (const [tab, path, testId] of [['Tasks', '/bonus/tasks', 'tasks-page'], ['VIP', '/bonus/vip', 'vip-home'], ['Rebate', '/bonus/rebate', 'rebate-page']] as const) {
      await page.getByTestId('bonus-tab').filter({ hasText: tab }).click();
      await page.waitForURL((u) => u.pathname === path);
      await page.getByTestId(testId).waitFor();
      await expect(page.locator('.bonus-tabs [aria-current="page"]').innerText()).resolves.toBe(tab);
      // VIP 0 has no gifts: the page says the higher levels get them, with no button to press.
      if (tab === 'VIP') await expect(page.getByTestId('vip-daily-none').innerText()).resolves.toBe('Higher VIP levels get this gift');
      await snapNarrow(page, `bonus-12-${tab.toLowerCase()}`);
    }
  });
});
