/**
 * Updates in Chromium (spec §2, issue 15 §2; decisions 029 and 037) against the real server serving
 * a copy of the built app, so a new release can be published while a tab is open: the new worker
 * deletes the old release's hashed files from CacheStorage when it activates and its taking over
 * reloads the page once (not in a loop), but never in the middle of a game, where the reload waits
 * for the next navigation; a chunk that fails to load makes the next navigation a full page load.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasChromium, repoRoot, snap, startStack, type Stack } from './harness.ts';

type Marked = Window & { __samePage?: boolean };

/** Waits until the page is controlled by the app's service worker. */
async function untilControlled(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 20_000 });
}

/** The hashed files the worker keeps in its assets cache, by path. */
function cachedAssets(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('playhall-assets');
    return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
  });
}

const markPage = (page: Page) => page.evaluate(() => ((window as Marked).__samePage = true));
const samePage = (page: Page) => page.evaluate(() => (window as Marked).__samePage === true);

describe.skipIf(!hasChromium)('updates: a new release while a tab is open (spec §2)', () => {
  // The server serves a copy of the build, which the tests publish new releases into.
  const dist = mkdtempSync(join(tmpdir(), 'playhall-release-'));
  let stack: Stack;
  let context: BrowserContext;
  let before: string | undefined;
  let releases = 0;

  beforeAll(async () => {
    cpSync(join(repoRoot, 'apps/player/dist'), dist, { recursive: true });
    before = process.env.PLAYER_DIST;
    process.env.PLAYER_DIST = dist;
    try {
      stack = await startStack();
    } finally {
      if (before === undefined) delete process.env.PLAYER_DIST;
      else process.env.PLAYER_DIST = before;
    }
    context = await stack.newContext();
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await stack?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /**
   * Publishes a release as a deploy does, as far as the worker sees it: a new `sw.js` (another
   * release id, so new bytes) whose list of the release's files no longer has `dropped`. Answers the
   * new release id.
   */
  function publishRelease(dropped: readonly string[] = []): string {
    const file = join(dist, 'sw.js');
    let source = readFileSync(file, 'utf8');
    const version = `e2e-release-${++releases}`;
    source = source.replace(/^const VERSION = "[^"]*";$/m, `const VERSION = ${JSON.stringify(version)};`);
    const list = /^const RELEASE_ASSETS = new Set\((\[.*\])\);$/m.exec(source);
    if (list) {
      const kept = (JSON.parse(list[1]!) as string[]).filter((p) => !dropped.includes(p));
      source = source.replace(list[0], `const RELEASE_ASSETS = new Set(${JSON.stringify(kept)});`);
    }
    writeFileSync(file, source);
    // The build's precompressed copies are of the old file: gone, so the server sends this one.
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
    return version;
  }

  /** What the browser does on its own every so often (and the poll on a new release): checks sw.js. */
  const checkForWorker = (page: Page) => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

  it('deletes the old release\'s files from the cache when the new worker activates, and reloads the page once', async () => {
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/');
    await untilControlled(page);
    // A page loaded under the worker (on the very first visit a worker taking over reloads nothing).
    await page.goto('/');
    await page.locator('.tab-bar').waitFor();
    // A lazily loaded screen: its files go through the worker into the assets cache.
    await page.locator('.tab-bar__tab[href="/bonus"]').click();
    await page.waitForURL('**/bonus/home');
    await expect.poll(async () => (await cachedAssets(page)).some((p) => /^\/assets\/bonus-pages-.*\.js$/.test(p)), { timeout: 10_000 }).toBe(true);
    const cached = await cachedAssets(page);
    const dropped = cached.filter((p) => p.startsWith('/assets/bonus-pages-'));
    const oldShells = await page.evaluate(() => caches.keys());

    await markPage(page);
    const loadsBefore = loads;
    const version = publishRelease(dropped);
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await checkForWorker(page);
    await reloaded;
    expect(await samePage(page)).toBe(false);
    await page.locator('.tab-bar').waitFor();
    // Once: the new page is controlled by the same worker and does not reload again.
    await page.waitForTimeout(2_000);
    expect(loads - loadsBefore).toBe(1);
    expect(page.url()).toMatch(/\/bonus\/home$/);

    const after = await cachedAssets(page);
    expect(after).not.toContain(dropped[0]);
    // What the new release still lists stays cached: it is not fetched again.
    expect(after).toEqual(expect.arrayContaining(cached.filter((p) => !dropped.includes(p))));
    const shells = await page.evaluate(() => caches.keys());
    expect(shells).toContain(`playhall-shell-${version}`);
    for (const old of oldShells.filter((k) => k.startsWith('playhall-shell-'))) expect(shells).not.toContain(old);
    await page.close();
  });

  it('in a game, the new worker taking over does not reload; the next navigation does', async () => {
    const page = await context.newPage();
    await page.goto('/');
    await untilControlled(page);
    await page.goto('/game/start?gameId=4&tryIt=1');
    await untilControlled(page);
    await page.waitForTimeout(1_000);
    await markPage(page);
    await page.evaluate(() => {
      const w = window as Window & { __takenOver?: boolean };
      navigator.serviceWorker.addEventListener('controllerchange', () => (w.__takenOver = true));
    });
    publishRelease();
    await checkForWorker(page);
    await page.waitForFunction(() => (window as Window & { __takenOver?: boolean }).__takenOver === true, undefined, { timeout: 20_000 });
    await page.waitForTimeout(1_500);
    expect(await samePage(page)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/game/start');
    await snap(page, 'updates-game-not-reloaded');

    // Leaving the game (the browser's back, an in-app navigation) is a full load of the next page.
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.goBack();
    await reloaded;
    await page.locator('.tab-bar').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await samePage(page)).toBe(false);
    await page.close();
  });

  it('a chunk that fails to load makes the next navigation a full page load', async () => {
    // Without the worker, so the page's own requests meet the missing file.
    const plain = await stack.newContext({ serviceWorkers: 'block' });
    try {
      const page = await plain.newPage();
      await page.route('**/assets/bonus-pages-*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.goto('/');
      await page.locator('.tab-bar').waitFor();
      await page.locator('.tab-bar__tab[href="/bonus"]').click();
      // The router tries once more with a fresh page load, then the screen says it failed: no loop.
      await page.getByRole('button').filter({ hasText: /retry|try again/i }).first().waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe('/bonus/home');
      await markPage(page);
      await page.waitForTimeout(1_500);
      expect(await samePage(page)).toBe(true);
      expect(loads).toBeLessThanOrEqual(2);
      await snap(page, 'updates-chunk-failed');

      // The release's files are there again (a deploy finished): the next navigation loads the page anew.
      await page.unroute('**/assets/bonus-pages-*.js');
      const reloaded = page.waitForEvent('load', { timeout: 20_000 });
      await page.locator('.tab-bar__tab[href="/member"], .tab-bar__tab[href="/"]').first().click();
      await reloaded;
      expect(await samePage(page)).toBe(false);
      await page.locator('.tab-bar').waitFor();
      // And the screen that failed works now.
      await page.locator('.tab-bar__tab[href="/bonus"]').click();
      await page.waitForURL('**/bonus/home');
      await page.getByTestId('bonus-centre').waitFor({ timeout: 10_000 });
    } finally {
      await plain.close();
    }
  });
});
