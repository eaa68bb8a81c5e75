/**
 * Installable and updatable (spec §2, §7; decision 029) in Chromium against the real server and the
 * built app: the manifest is valid and Chromium finds nothing stopping an install; with the service
 * worker in control, a reload without a network shows the offline page; a release published while a
 * tab is open is seen by the poll and applied at the next navigation; the install offer is made once
 * and a cancel is remembered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, hasChromium, PHONE, snap, useStackPage } from './harness.ts';

/** Waits until the page is controlled by the app's service worker (first visit: after it claims the page). */
async function untilControlled(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 20_000 });
}

/** What the browser fires when it could install the app; the app keeps it for its own offer. */
function fakeInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  return page.evaluate((choice) => {
    const w = window as Window & { __prompts?: number };
    w.__prompts = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        w.__prompts = (w.__prompts ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: choice }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

describe.skipIf(!hasChromium)('installable and updatable (spec §2)', () => {
  const ctx = useStackPage();

  it('has a valid manifest and Chromium reports nothing stopping an install', async () => {
    const { stack } = ctx;
    // A profile of its own: Chromium never offers installing from an incognito context (the harness's kind).
    const profile = mkdtempSync(join(tmpdir(), 'playhall-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...PHONE,
      executablePath: CHROMIUM,
      baseURL: stack.baseUrl,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      await installable(context.pages()[0] ?? (await context.newPage()), stack.baseUrl);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  async function installable(page: Page, baseUrl: string): Promise<void> {
    await page.goto('/');
    await untilControlled(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      display: string;
      icons: { sizes: string; purpose?: string }[];
      screenshots: { src: string; sizes: string; type: string; form_factor: string }[];
    };
    expect(data.name).toBe('Playhall');
    expect(data.display).toBe('standalone');
    expect(data.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    // Screenshots for Chromium's richer install dialog: served as the image they say, at their stated size.
    expect(data.screenshots.map((s) => s.form_factor)).toEqual(['narrow']);
    for (const shot of data.screenshots) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const res = await fetch(src);
        return { size: `${img.naturalWidth}x${img.naturalHeight}`, type: res.headers.get('content-type') };
      }, shot.src);
      expect(size).toEqual({ size: shot.sizes, type: shot.type });
    }
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
  }

  it('shows the offline page, in plain words, when a reload finds no network', async () => {
    const { page, context } = ctx;
    await page.goto('/');
    await untilControlled(page);
    await context.setOffline(true);
    try {
      // The player's own reload (Playwright's page.reload loses track of a page the worker answers offline).
      await page.evaluate(() => window.location.reload());
      const offline = page.getByTestId('offline-page');
      await offline.waitFor({ timeout: 10_000 });
      expect(await offline.getByRole('heading').innerText()).toBe('You are offline');
      expect(await offline.innerText()).toMatch(/None of them work offline/);
      await snap(page, 'pwa-offline');
    } finally {
      await context.setOffline(false);
    }
    // Back online, the offline page reloads itself and the same address is the app again.
    await page.locator('.tab-bar').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('offline-page').count()).toBe(0);
  });

  it('picks up a release published while the tab is open, at the next navigation and not before', async () => {
    // Its own tab without the worker, so the release file is asked for by the page as the poll does.
    const context = await ctx.stack.newContext({ serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const asked: string[] = [];
      let published: { version: string; builtAt: string } | null = null;
      await page.route('**/builds/latest.json*', async (route) => {
        asked.push(route.request().url());
        if (!published) return route.continue();
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(published) });
      });
      await page.goto('/');
      await page.locator('.tab-bar').waitFor();
      await page.evaluate(() => ((window as Window & { __samePage?: boolean }).__samePage = true));

      published = { version: 'a-release-after-this-one', builtAt: new Date().toISOString() };
      const before = asked.length;
      // The poll runs on an interval and whenever the page becomes visible again.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect.poll(() => asked.length, { timeout: 10_000 }).toBeGreaterThan(before);
      const polled = new URL(asked.at(-1)!);
      expect(polled.pathname).toBe('/builds/latest.json');
      expect(Number(polled.searchParams.get('t'))).toBeGreaterThan(Date.now() - 60_000);

      // Seen, but nothing reloads under the player until they go somewhere.
      await page.waitForTimeout(1_000);
      expect(await page.evaluate(() => (window as Window & { __samePage?: boolean }).__samePage)).toBe(true);

      const reloaded = page.waitForEvent('load');
      await page.locator('.tab-bar__tab[href="/bonus"]').click();
      await reloaded;
      await page.waitForURL('**/bonus/home');
      expect(await page.evaluate(() => (window as Window & { __samePage?: boolean }).__samePage)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('offers installing once on /download and remembers a cancel', async () => {
    const context = await ctx.stack.newContext();
    try {
      const page = await context.newPage();
      await page.goto('/download');
      await page.locator('.content-title').waitFor();
      expect(await page.getByTestId('install').count()).toBe(0);

      await fakeInstallPrompt(page, 'dismissed');
      await page.getByTestId('install').waitFor();
      expect(await page.getByTestId('install-offer').innerText()).toMatch(/Add Playhall to your home screen/);
      await page.getByTestId('install-offer').scrollIntoViewIfNeeded();
      await snap(page, 'pwa-install-offer');

      // The browser's own dialog, cancelled: the offer goes away and stays away.
      await page.getByTestId('install').click();
      await expect.poll(() => page.evaluate(() => (window as Window & { __prompts?: number }).__prompts)).toBe(1);
      await page.getByTestId('install').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('playhall.install.dismissed'))).toBe('1');

      await page.reload();
      await page.locator('.content-title').waitFor();
      await fakeInstallPrompt(page, 'dismissed');
      await page.waitForTimeout(500);
      expect(await page.getByTestId('install').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('takes "Not now" as a cancel too', async () => {
    const context = await ctx.stack.newContext();
    try {
      const page = await context.newPage();
      await page.goto('/download');
      await page.locator('.content-title').waitFor();
      await fakeInstallPrompt(page, 'accepted');
      await page.getByTestId('install-not-now').click();
      await page.getByTestId('install').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as Window & { __prompts?: number }).__prompts)).toBe(0);
      await page.reload();
      await page.locator('.content-title').waitFor();
      await fakeInstallPrompt(page, 'accepted');
      await page.waitForTimeout(500);
      expect(await page.getByTestId('install').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
