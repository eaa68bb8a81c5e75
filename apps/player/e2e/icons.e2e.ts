/**
 * Icons (spec §7/§9, issue 15 §4; decision 037) in Chromium against the real server: the first
 * screen draws its icons from the bundle and asks for none; a lazily loaded screen (the member
 * page's menu) gets its icons from our own endpoint, in one request under the URL limit, and draws
 * every one of them. No request leaves for another host.
 */
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { hasChromium, registerPlayer, snap, useStackPage } from './harness.ts';

describe.skipIf(!hasChromium)('icons from our own endpoint', () => {
  const ctx = useStackPage();

  it('the home screen asks for no icon; the member page loads its icons through /app/icons', async () => {
    const { page, stack } = ctx;
    const iconRequests: Request[] = [];
    const elsewhere: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin !== stack.baseUrl) elsewhere.push(req.url());
      if (url.pathname.startsWith('/app/icons/') || /icon/i.test(url.hostname)) iconRequests.push(req);
    });

    await page.goto('/');
    await page.locator('.tab-bar').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.tab-bar svg').count()).toBe(5);
    expect(iconRequests.map((r) => r.url())).toEqual([]);

    await registerPlayer(page, 'icons');
    await page.waitForLoadState('networkidle');
    expect(iconRequests.map((r) => r.url())).toEqual([]);

    await page.locator('.tab-bar__tab[href="/member"]').click();
    await page.getByTestId('logout').waitFor();
    const menu = page.locator('.menu-list svg[data-icon]');
    const shown = await menu.count();
    expect(shown).toBeGreaterThanOrEqual(14);
    await expect.poll(() => page.locator('.menu-list svg[data-icon][data-loaded="true"]').count(), { timeout: 10_000 }).toBe(shown);

    // One request for the whole menu, from this origin, within the spec's 500 characters.
    expect(iconRequests).toHaveLength(1);
    const url = new URL(iconRequests[0]!.url());
    expect(url.origin).toBe(stack.baseUrl);
    expect(url.pathname).toBe('/app/icons/lucide.json');
    expect(iconRequests[0]!.url().length - stack.baseUrl.length).toBeLessThanOrEqual(500);
    const asked = url.searchParams.get('icons')!.split(',');
    expect(asked).toEqual(expect.arrayContaining(['wallet', 'log-out', 'lock-keyhole', 'globe']));
    const res = await iconRequests[0]!.response();
    expect(res!.status()).toBe(200);
    expect((await res!.allHeaders())['cache-control']).toBe('public, max-age=604800');

    // Every icon is drawn (a path or shape inside), the logout one in the danger colour like its text.
    for (const svg of await menu.all()) expect(await svg.evaluate((el) => el.querySelectorAll('path, circle, rect').length)).toBeGreaterThan(0);
    const logout = page.getByTestId('logout');
    const colours = await logout.evaluate((el) => [getComputedStyle(el.querySelector('svg')!).color, getComputedStyle(el.querySelector('.adm-list-item-content-main')!).color]);
    expect(colours[0]).toBe(colours[1]);
    expect(elsewhere).toEqual([]);
    await page.getByTestId('logout').scrollIntoViewIfNeeded();
    await snap(page, 'icons-member-menu');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'icons-member-top');
  });
});
