/**
 * The home page's first-screen JavaScript budget (issue 15 §1, decision 033), on the build `npm test`
 * makes before the suites run: the entry script of index.html, every chunk it imports statically
 * and the home route's chunks, gzip level 9 (scripts/bundle-size.mjs, which `npm run bench` uses
 * too). Then Chromium opens the home page on the real server and the scripts it fetches before the
 * lobby shows must be exactly those: the measure is what a phone really downloads. What is under the
 * games and the rest of the default language's texts come after the lobby is painted. The first
 * image (the featured game) is not lazy.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_JS_BUDGET_BYTES, HOME_JS_GOAL_BYTES, kB, measureFirstScreen } from '../../../scripts/bundle-size.mjs';
import { hasChromium, repoRoot, useStackPage } from './harness.ts';

const dist = join(repoRoot, 'apps/player/dist');

describe('player build: the home page first screen JS budget', () => {
  it(`stays within ${kB(HOME_JS_BUDGET_BYTES)} gzipped`, () => {
    const m = measureFirstScreen(dist);
    const list = m.files.map((f) => `${f.file} ${kB(f.gzip)}`).join(', ');
    expect(
      m.total.gzip,
      `home first-screen JS is ${kB(m.total.gzip)} gzipped in ${m.total.files} files (budget ${kB(HOME_JS_BUDGET_BYTES)}, goal ${kB(HOME_JS_GOAL_BYTES)}): ${list}`,
    ).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });

  it('fails on an oversized first screen: what the entry or the home page imports statically counts, a lazy chunk does not', () => {
    // A built-looking dist: the entry imports a vendor chunk, the home route's chunk imports a widget
    // statically and a dialog lazily. Random bytes do not compress: each file's gzip ≈ its size.
    const fake = mkdtempSync(join(tmpdir(), 'playhall-budget-'));
    const noise = (n: number) => `/*${randomBytes(n).toString('base64')}*/`;
    try {
      mkdirSync(join(fake, 'assets'));
      writeFileSync(join(fake, 'index.html'), '<!doctype html><script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>');
      const files: Record<string, string> = {
        'index-AAAAAAAA.js': `import{a as b}from"./vendor-BBBBBBBB.js";const h=()=>import("./home-page-CCCCCCCC.js");${noise(20_000)}`,
        'vendor-BBBBBBBB.js': noise(40_000),
        'home-page-CCCCCCCC.js': `import"./widget-DDDDDDDD.js";const d=()=>import("./dialog-EEEEEEEE.js");${noise(10_000)}`,
        'widget-DDDDDDDD.js': noise(90_000),
        'dialog-EEEEEEEE.js': noise(200_000),
      };
      for (const [file, text] of Object.entries(files)) writeFileSync(join(fake, 'assets', file), text);
      const m = measureFirstScreen(fake);
      expect(m.files.map((f) => f.file).sort()).toEqual(['home-page-CCCCCCCC.js', 'index-AAAAAAAA.js', 'vendor-BBBBBBBB.js', 'widget-DDDDDDDD.js']);
      // The same check as above, on this build: over the budget.
      expect(m.total.gzip).toBeGreaterThan(HOME_JS_BUDGET_BYTES);
      // Without the widget the home page imports, it fits: the check measures what the first screen loads.
      writeFileSync(join(fake, 'assets', 'home-page-CCCCCCCC.js'), `const d=()=>import("./dialog-EEEEEEEE.js");${noise(10_000)}`);
      expect(measureFirstScreen(fake).total.gzip).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
    } finally {
      rmSync(fake, { recursive: true, force: true });
    }
  });

  it('keeps Vite chunk-size warnings on (no raised chunkSizeWarningLimit)', () => {
    const config = readFileSync(join(repoRoot, 'apps/player/vite.config.ts'), 'utf8');
    expect(config).not.toMatch(/chunkSizeWarningLimit/);
  });
});

describe.skipIf(!hasChromium)('the home page loads only its measured scripts', () => {
  const ctx = useStackPage();

  it('fetches exactly the measured files before the lobby shows; the lower part and the other texts after', async () => {
    const { page } = ctx;
    // When the lobby (or its empty state) first appears, on the page's own clock.
    await page.addInitScript(() => {
      const w = window as unknown as { __lobbyAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector('.lobby, [data-testid="lobby-empty"]')) {
          w.__lobbyAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await page.locator('.lobby, [data-testid="lobby-empty"]').first().waitFor();
    await page.getByTestId('hero').waitFor();
    const { before, after } = await page.evaluate(() => {
      const at = (window as unknown as { __lobbyAt: number }).__lobbyAt;
      const scripts = performance
        .getEntriesByType('resource')
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
        .filter((e) => e.path.startsWith('/assets/') && e.path.endsWith('.js'));
      const file = (e: { path: string }) => e.path.slice('/assets/'.length);
      return { before: scripts.filter((e) => e.start < at).map(file), after: scripts.filter((e) => e.start >= at).map(file) };
    });
    const measured = measureFirstScreen(dist).files.map((f) => f.file).sort();
    expect([...new Set(before)].sort()).toEqual(measured);
    // Then, under the painted lobby: the home page's lower part and every text of the default language.
    expect(after.some((f) => f.startsWith('home-lower-'))).toBe(true);
    expect(after.some((f) => f.startsWith('en-US-'))).toBe(true);
  });

  it('does not hold back the first image (the featured game): fetched at once, high priority', async () => {
    const { page } = ctx;
    await page.goto('/');
    const art = page.getByTestId('promo').locator('img.game-art');
    await art.waitFor();
    expect(await art.getAttribute('loading')).toBe('eager');
    expect(await art.getAttribute('fetchpriority')).toBe('high');
    // The lobby's other tiles stay lazy: only what the first screen shows is fetched first.
    expect(await page.locator('.lobby img.game-art').first().getAttribute('loading')).toBe('lazy');
  });
});
