/**
 * Route rules (spec §2) against the real server and the built app: the operator sets redirects with
 * `npm run ops -- routes set`; opening the path in the browser lands on the target (a page of the
 * app, or an external address) without the app rendering the path first; removing the rule gives
 * the path back to the app.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, useStackPage } from './harness.ts';

describe.skipIf(!hasChromium)('route rules journey', () => {
  const fixture = useStackPage();
  let page: Page;
  // The sandbox has no outside network: the "partner site" is a second server on this machine, another
  // origin (localhost, not 127.0.0.1), so the browser (and the app's service worker, once installed)
  // follow the redirect exactly as they would to a real partner, with nothing intercepted.
  let partner: Server;
  let partnerUrl: string;
  beforeAll(async () => {
    ({ page } = fixture);
    partner = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Partner site</h1>'));
    await new Promise<void>((done) => partner.listen(0, done));
    partnerUrl = `http://localhost:${(partner.address() as AddressInfo).port}/landing`;
  });
  afterAll(() => new Promise<void>((done) => partner.close(() => done())));

  it('a rule to a page of the app: the browser lands there, query kept', async () => {
    await fixture.stack.ops('routes', 'set', '/help', '/faq');
    const res = await page.goto('/help?from=mail');
    expect(new URL(page.url()).pathname).toBe('/faq');
    expect(new URL(page.url()).search).toBe('?from=mail');
    expect(res?.request().redirectedFrom()?.url()).toContain('/help?from=mail');
    await page.locator('.faq-list, .empty-state').first().waitFor({ timeout: 10_000 });
  });

  it('a rule to an external address: the browser goes there, the app never loads for the path', async () => {
    await fixture.stack.ops('routes', 'set', '/partner', partnerUrl);
    // As for a player with the app installed: the service worker controls the page when it navigates.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    const appScripts: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/assets/')) appScripts.push(r.url()); });
    await page.goto('/partner');
    expect(page.url()).toBe(partnerUrl);
    await expect(page.locator('h1').innerText()).resolves.toBe('Partner site');
    expect(appScripts).toEqual([]);
  });

  it('removed, the path is the app\'s again (its 404 page here)', async () => {
    await fixture.stack.ops('routes', 'remove', '/partner');
    const res = await page.goto('/partner');
    expect(res?.status()).toBe(200);
    expect(res?.request().redirectedFrom()).toBeNull();
    await page.getByText('Page Not Found: /partner').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/partner');
  });
});
