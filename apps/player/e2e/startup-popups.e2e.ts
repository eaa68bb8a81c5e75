/**
 * Startup popups and the activity banner (issue 14 §4) against the real server and the built app at
 * 390×844: with a notice and a first-deposit offer running, a new player sees the notice, then (once
 * it is closed) the first-deposit offer, and neither again after a reload in the same session; the
 * home banner shows the running activities in sort order and opens the daily sign-in page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, registerPlayer, snap, startActivity, useStackPage } from './harness.ts';

/** The home banner's slides for the three activities below, in their sort order (players and visitors alike). */
const SLIDES = [
  'NOTICE News Weekend maintenance',
  'DAILY SIGN-IN Daily sign-in Sign in every day for a bonus',
  'FIRST DEPOSIT First deposit bonus First deposit bonus up to 30.00',
];

describe.skipIf(!hasChromium)('startup popups journey', () => {
  const fixture = useStackPage();
  let page: Page;
  beforeAll(() => ({ page } = fixture));

  it('the operator runs a notice, a daily sign-in and a first-deposit offer', async () => {
    const create = (_name: string, body: Record<string, unknown>) => startActivity(fixture.stack, body);
    await create('notice', {
      type: 25, name: 'News', sort: 5,
      settings: { title: { 'en-US': 'Weekend maintenance', 'pt-BR': 'Manutenção no fim de semana' }, body: { 'en-US': 'Deposits pause on Sunday from 02:00 to 03:00.' } },
    });
    await create('sign-in', { type: 36, name: 'Daily sign-in', sort: 10, settings: { rewards: [123, 150, 200, 250, 300, 350, 1000], multiplier: 2 } });
    await create('first-deposit', {
      type: 44, name: 'First deposit bonus', sort: 30,
      settings: { tiers: [{ minDeposit: 2000, bonus: 500 }, { minDeposit: 10000, bonus: 3000 }], multiplier: 3 },
    });
  });

  it('a visitor sees the notice and the same banner before logging in; an offer that needs a player leads to login', async () => {
    const context = await fixture.stack.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto('/');
      const notice = visitor.getByTestId('notice-modal');
      await notice.waitFor({ timeout: 10_000 });
      await expect(notice.innerText()).resolves.toContain('Weekend maintenance');
      await notice.getByTestId('notice-close').click();
      await notice.waitFor({ state: 'detached' });
      const banner = visitor.getByTestId('activity-banner');
      await banner.waitFor();
      const slides = await banner.getByTestId('activity-slide').allInnerTexts();
      expect(slides.map((s) => s.replace(/\s+/g, ' ').trim())).toEqual(SLIDES);
      // The first-deposit popup is for players who have not deposited: a visitor never gets it.
      await expect(visitor.getByTestId('first-deposit-modal').count()).resolves.toBe(0);
      await snap(visitor, 'startup-home-visitor', 400);
      await banner.getByTestId('activity-slide').filter({ hasText: 'Sign in every day' }).click();
      await visitor.waitForURL(/\/auth\/login/);
    } finally {
      await context.close();
    }
  });

  it('a new player sees the notice, then the first-deposit offer once the notice is closed', async () => {
    await registerPlayer(page, 'pop');
    const notice = page.getByTestId('notice-modal');
    await notice.waitFor({ timeout: 10_000 });
    await expect(notice.innerText()).resolves.toContain('Weekend maintenance');
    await expect(notice.innerText()).resolves.toContain('Deposits pause on Sunday from 02:00 to 03:00.');
    // One at a time: the first-deposit offer waits for the notice.
    await expect(page.getByTestId('first-deposit-modal').count()).resolves.toBe(0);
    await snap(page, 'startup-popup-1-notice', 400);
    await notice.getByTestId('notice-close').click();

    const fd = page.getByTestId('first-deposit-modal');
    await fd.waitFor();
    const tiers = await fd.getByTestId('first-deposit-modal-tier').allInnerTexts();
    expect(tiers.map((t) => t.replace(/\s+/g, ' '))).toEqual(['Deposit 20.00 → Bonus 5.00', 'Deposit 100.00 → Bonus 30.00']);
    await expect(fd.innerText()).resolves.toContain('Bonus coin needs ×3 turnover before withdrawal');
    await expect(fd.getByTestId('first-deposit-modal-go').getAttribute('href')).resolves.toBe('/wallets?name=deposit');
    await snap(page, 'startup-popup-2-first-deposit', 400);
    await fd.getByTestId('first-deposit-close').click();
    await fd.waitFor({ state: 'detached' });
  });

  it('neither popup shows again after a reload in the same session', async () => {
    await page.reload();
    await page.getByTestId('activity-banner').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_500);
    await expect(page.getByTestId('notice-modal').count()).resolves.toBe(0);
    await expect(page.getByTestId('first-deposit-modal').count()).resolves.toBe(0);
  });

  it('the home banner shows the running activities in sort order and opens the sign-in page', async () => {
    await page.goto('/');
    const banner = page.getByTestId('activity-banner');
    await banner.waitFor();
    const slides = await banner.getByTestId('activity-slide').allInnerTexts();
    expect(slides.map((s) => s.replace(/\s+/g, ' ').trim())).toEqual(SLIDES);
    await snap(page, 'startup-home-390x844', 400);
    await page.setViewportSize({ width: 360, height: 740 });
    await snap(page, 'startup-home-360x740', 400);
    await page.setViewportSize({ width: 390, height: 844 });

    await banner.getByTestId('activity-dot').nth(1).click();
    // The track glides to the second slide and its dot lights up.
    await expect.poll(() => banner.getByTestId('activity-dot').nth(1).getAttribute('aria-current'), { timeout: 5_000 }).toBe('true');
    await banner.getByTestId('activity-slide').filter({ hasText: 'Sign in every day' }).click();
    await page.waitForURL('**/activity/sign-in');
    await page.getByTestId('sign-in-page').waitFor();
  });
});
