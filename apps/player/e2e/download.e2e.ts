/**
 * The download / install bonus (activity 32, decision 030) against the real server and the built
 * app at 390×844: in the browser a new player's first startup popup is the download offer with the
 * exact amount (then the notice); in the installed app (standalone display mode) there is no such
 * popup, and the player receives the bonus from the member page: the reward modal shows the exact
 * amount and the balance changes at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasChromium, registerPlayer, snap, startActivity, useStackPage } from './harness.ts';

/** What lib/pwa.ts reads to know it runs installed: `(display-mode: standalone)` matches. */
function pretendStandalone(): void {
  const original = window.matchMedia.bind(window);
  window.matchMedia = (query: string) =>
    query.includes('display-mode: standalone')
      ? ({ matches: true, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false } as MediaQueryList)
      : original(query);
}

describe.skipIf(!hasChromium)('download bonus journey', () => {
  const fixture = useStackPage();
  let page: Page;
  beforeAll(() => ({ page } = fixture));

  it('the operator runs a notice and a download bonus', async () => {
    await startActivity(fixture.stack, {
      type: 25, name: 'News', sort: 1,
      settings: { title: { 'en-US': 'Weekend maintenance' }, body: { 'en-US': 'Deposits pause on Sunday from 02:00 to 03:00.' } },
    });
    await startActivity(fixture.stack, { type: 32, name: 'Install bonus', sort: 40, settings: { amount: 1234, multiplier: 2 } });
  });

  it('in the browser, a new player sees the download offer first, with the exact amount, then the notice', async () => {
    await registerPlayer(page, 'dl');
    const offer = page.getByTestId('download-modal');
    await offer.waitFor({ timeout: 10_000 });
    // One at a time: the notice waits for the download offer, though its sort comes first.
    await expect(page.getByTestId('notice-modal').count()).resolves.toBe(0);
    await expect(offer.getByTestId('download-modal-amount').innerText()).resolves.toBe('12.34');
    await expect(offer.innerText()).resolves.toContain('Install bonus');
    await expect(offer.innerText()).resolves.toContain('Install the app and receive this bonus from the installed app, once.');
    await expect(offer.innerText()).resolves.toContain('Bonus coin needs ×2 turnover before withdrawal');
    await snap(page, 'download-1-popup');
    // No install prompt from headless Chromium and no app link configured: Install shows /download's instructions.
    await offer.getByTestId('download-install').click();
    await page.waitForURL('**/download');
    const notice = page.getByTestId('notice-modal');
    await notice.waitFor({ timeout: 10_000 });
    await notice.getByTestId('notice-close').click();
    await notice.waitFor({ state: 'detached' });
    // A browser is not the installed app: no Receive here.
    await expect(page.getByTestId('download-bonus').count()).resolves.toBe(0);
    // Once per session: not again when the app is loaded afresh.
    await page.goto('/');
    await page.getByTestId('balance-pill').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_500);
    await expect(page.getByTestId('download-modal').count()).resolves.toBe(0);
  });

  describe('in the installed app', () => {
    let context: BrowserContext;
    let app: Page;
    beforeAll(async () => {
      context = await fixture.stack.newContext();
      await context.addInitScript(pretendStandalone);
      app = await context.newPage();
      return () => context.close();
    });

    it('there is no download popup; /download offers the bonus with its exact amount', async () => {
      await registerPlayer(app, 'dla');
      const notice = app.getByTestId('notice-modal');
      await notice.waitFor({ timeout: 10_000 });
      await notice.getByTestId('notice-close').click();
      await notice.waitFor({ state: 'detached' });
      await app.waitForTimeout(1_000);
      await expect(app.getByTestId('download-modal').count()).resolves.toBe(0);

      await app.goto('/download');
      const card = app.getByTestId('download-bonus');
      await card.waitFor({ timeout: 10_000 });
      await expect(card.getByTestId('download-bonus-amount').innerText()).resolves.toBe('12.34');
      await snap(app, 'download-2-page-installed');
    });

    it('the player receives it from the member page: the exact amount, the balance at once, then it is gone', async () => {
      await app.goto('/member');
      const claim = app.getByTestId('reward-entries').locator('[data-testid="claim-item"][data-type="32"]');
      await claim.waitFor({ timeout: 10_000 });
      await expect(claim.innerText()).resolves.toContain('Install bonus');
      await expect(claim.innerText()).resolves.toContain('12.34');
      await snap(app, 'download-3-member-installed');
      await claim.getByTestId('claim-receive').click();
      const modal = app.getByTestId('reward-modal');
      await modal.waitFor();
      await expect(modal.getByTestId('reward-amount').innerText()).resolves.toBe('12.34');
      await expect(modal.innerText()).resolves.toContain('Install bonus');
      await expect(modal.getByTestId('reward-turnover').innerText()).resolves.toBe('Turnover to play before withdrawal: 24.68');
      await expect.poll(() => app.getByTestId('balance-pill').innerText(), { timeout: 2_000 }).toContain('12');
      await snap(app, 'download-4-reward-modal');
      await app.getByTestId('reward-ok').click();
      await modal.waitFor({ state: 'detached' });
      await claim.waitFor({ state: 'detached', timeout: 10_000 });
      await app.goto('/download');
      await app.waitForTimeout(1_500);
      await expect(app.getByTestId('download-bonus').count()).resolves.toBe(0);
    });
  });
});
