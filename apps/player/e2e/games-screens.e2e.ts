/**
 * The games screens toured at 360×740, 390×844 and 1280×800 against the real stack (the real
 * Originals in the frame): the lobby home (visitor and player, en-US and th-TH), search, the
 * Originals games (demo, and one for real; which game at which width: SIZES), the verify page and
 * the member game records. Each
 * screen is checked for what a player would notice: nothing scrolls sideways, the game frame
 * fills the window under the slim bar, the controls that matter are visible and at least 44 px
 * high, the HOT/NEW badges show on the art. Screenshots: screenshots/games-screen-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { hasChromium, NARROW, PHONE, registerPlayer, snap, startStack, type Stack } from './harness.ts';

const GAMES = [
  { code: 'slot', name: 'Fortune Reels' },
  { code: 'crash', name: 'Crash' },
  { code: 'mines', name: 'Mines' },
  { code: 'dice', name: 'Dice' },
] as const;
type GameCode = (typeof GAMES)[number]['code'];
const ALL: readonly GameCode[] = GAMES.map((g) => g.code);

/**
 * Where each game is toured: every game at both phone widths in English; in Thai (the longer
 * labels) at 360, where they are tightest; at 1280 the phone column holds one game's frame (the
 * slot, with its reels and a sheet). Each width's home, search, records and verify page are toured.
 */
interface Size {
  label: string;
  viewport: { width: number; height: number };
  phone: boolean;
  games: readonly GameCode[];
  thaiGames: readonly GameCode[];
}
const SIZES: readonly Size[] = [
  { label: '360', viewport: NARROW, phone: true, games: ALL, thaiGames: ALL },
  { label: '390', viewport: PHONE.viewport, phone: true, games: ALL, thaiGames: [] },
  { label: '1280', viewport: { width: 1280, height: 800 }, phone: false, games: ['slot'], thaiGames: [] },
];

/** The smallest tap target the design allows. */
const TAP = 44;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** How far the page (or the frame's document) scrolls sideways beyond its window: must be 0. */
const sidewaysOverflow = (target: Page | Frame) =>
  target.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** Each matching element is visible, wholly inside the window, and at least 44 px high. */
async function expectTappable(target: Page | Frame, scope: Locator, what: string): Promise<void> {
  const count = await scope.count();
  expect.soft(count, `${what}: present`).toBeGreaterThan(0);
  const win = await target.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  for (let i = 0; i < count; i++) {
    const el = scope.nth(i);
    await el.scrollIntoViewIfNeeded();
    expect.soft(await el.isVisible(), `${what} #${i}: visible`).toBe(true);
    const box = await el.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    });
    expect.soft(box.h, `${what} #${i}: height`).toBeGreaterThanOrEqual(TAP);
    expect.soft(box.x, `${what} #${i}: left edge inside`).toBeGreaterThanOrEqual(0);
    expect.soft(box.x + box.w, `${what} #${i}: right edge inside`).toBeLessThanOrEqual(win.w + 0.5);
    expect.soft(box.y + box.h, `${what} #${i}: bottom inside`).toBeLessThanOrEqual(win.h + 0.5);
  }
}

/** Chip strips scroll sideways; the checks above scroll them: back to their start for the screenshot. */
async function resetStrips(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.type-tabs, .filter-chips')) el.scrollLeft = 0;
  });
}

/** Scrolls so the element's top sits just under the sticky bars (as a player would scroll to it). */
async function scrollToTop(page: Page, el: Locator, below = 120): Promise<void> {
  await el.evaluate((e, offset) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - offset), below);
}

async function expectNoSidewaysScroll(target: Page | Frame, what: string): Promise<void> {
  expect.soft(await sidewaysOverflow(target), `${what}: sideways scroll`).toBeLessThanOrEqual(0);
}

/** The player app's pages: wait until the screen has its content and no error page. */
async function open(page: Page, path: string, ready: Locator): Promise<void> {
  await page.goto(path);
  await ready.first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  expect(await page.locator('[data-testid="server-error"], [data-testid="not-found"]').count()).toBe(0);
}

/** The frame with the Originals game screen, once its main button is there. */
async function gameFrame(page: Page): Promise<Frame> {
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('action').waitFor({ timeout: 20_000 });
  const found = page.frames().find((f) => f.url().includes('/originals/play/'));
  if (!found) throw new Error('no game frame');
  return found;
}

describe.skipIf(!hasChromium)('the games screens at 360, 390 and 1280 px', () => {
  let stack: Stack;
  let ids: Record<GameCode, number>;
  /** A player with a deposit, Mines as a favourite and one real Dice round behind them. */
  let player: StorageState;

  beforeAll(async () => {
    stack = await startStack();
    const context = await stack.newContext();
    const page = await context.newPage();
    try {
      await registerPlayer(page, 'scr');
      await page.getByTestId('topbar-deposit').click();
      await page.locator('input#deposit-amount').fill('100');
      await page.getByTestId('deposit-submit').click();
      await page.waitForURL(/\/sandbox\/pay\/DP/);
      await page.getByRole('button', { name: 'Approve payment' }).click();
      await page.getByText('Deposit credited').waitFor({ timeout: 20_000 });

      await open(page, '/', page.getByTestId('type-section'));
      const cards = page.getByTestId('type-section').getByTestId('game-card');
      const entries = await Promise.all(
        GAMES.map(async (g) => {
          const card = cards.filter({ has: page.getByText(g.name, { exact: true }) });
          return [g.code, Number(await card.getAttribute('data-game-id'))] as const;
        }),
      );
      ids = Object.fromEntries(entries) as Record<GameCode, number>;
      await cards.filter({ has: page.getByText('Mines', { exact: true }) }).getByTestId('game-like').click();
      await page.getByTestId('favourite-games').getByTestId('game-card').waitFor();

      // One real round, so the records have a row and "Recently played" a game.
      await page.goto(`/game/start?gameId=${ids.dice}`);
      const frame = await gameFrame(page);
      const [roll] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/originals/api/dice/roll')), frame.getByTestId('action').click()]);
      if (!roll.ok()) throw new Error(`the real Dice round failed: ${roll.status()} ${await roll.text()}`);
      await frame.getByTestId('dice-result').locator('span').waitFor();
      await page.getByTestId('game-exit').click();
      await page.getByTestId('recent-games').waitFor();
      player = await context.storageState();
    } finally {
      await context.close();
    }
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  const contextFor = async (size: Size, opts: { lang?: string; storageState?: StorageState } = {}) => {
    const context = await stack.newContext({ viewport: size.viewport, isMobile: size.phone, hasTouch: size.phone, storageState: opts.storageState });
    if (opts.lang) await context.addCookies([{ name: 'lang', value: opts.lang, url: stack.baseUrl }]);
    return context;
  };

  /** The lobby home: top (banner, tabs) and the grid, with badges on the art. */
  async function tourHome(page: Page, size: Size, name: string) {
    await open(page, '/', page.getByTestId('type-section'));
    await expectNoSidewaysScroll(page, `${name} home`);
    await expectTappable(page, page.getByTestId('promo-play'), `${name} promo play`);
    await expectTappable(page, page.getByTestId('type-tab'), `${name} type tab`);
    await resetStrips(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `games-screen-${size.label}-${name}-home`);

    await scrollToTop(page, page.getByTestId('type-section').first());
    // Three square tiles a row, in the phone column at any width.
    const grid = await page.locator('.game-grid').first().evaluate((g) => {
      const art = g.querySelector('.game-card__art')!.getBoundingClientRect();
      const gap = Number.parseFloat(getComputedStyle(g).columnGap);
      return { perRow: Math.round((g.getBoundingClientRect().width + gap) / (art.width + gap)), square: Math.abs(art.width - art.height) < 1 };
    });
    expect.soft(grid, `${name} tiles`).toEqual({ perRow: 3, square: true });
    for (const badge of await page.getByTestId('type-section').locator('.game-badge').all()) {
      expect.soft(await badge.isVisible(), `${name} badge visible`).toBe(true);
      const inside = await badge.evaluate((b) => {
        const art = b.closest('.game-card__art')!.getBoundingClientRect();
        const r = b.getBoundingClientRect();
        return r.left >= art.left && r.right <= art.right && r.top >= art.top && r.bottom <= art.bottom;
      });
      expect.soft(inside, `${name} badge inside its tile`).toBe(true);
    }
    await expectTappable(page, page.getByTestId('game-like').first(), `${name} heart`);
    await snap(page, `games-screen-${size.label}-${name}-lobby`);
  }

  /** A game in its frame: the frame fills the window below the bar; the game fits without sideways scroll. */
  async function tourGame(page: Page, size: Size, code: GameCode, mode: 'demo' | 'real', name: string) {
    await page.goto(`/game/start?gameId=${ids[code]}${mode === 'demo' ? '&tryIt=1' : ''}`);
    const frame = await gameFrame(page);
    await page.waitForLoadState('networkidle');
    const layout = await page.evaluate(() => {
      const bar = document.querySelector('.game-bar')!.getBoundingClientRect();
      const f = document.querySelector('[data-testid="game-frame"]')!.getBoundingClientRect();
      return { barBottom: bar.bottom, top: f.top, left: f.left, right: f.right, bottom: f.bottom, w: window.innerWidth, h: window.innerHeight };
    });
    expect.soft(layout, `${name} frame fills the window below the bar`).toEqual({ ...layout, top: layout.barBottom, left: 0, right: layout.w, bottom: layout.h });
    await expectNoSidewaysScroll(page, `${name} page`);
    await expectNoSidewaysScroll(frame, `${name} game`);
    await expectTappable(page, page.getByTestId('game-exit'), `${name} exit`);
    if (mode === 'demo') expect.soft(await page.getByTestId('demo-badge').isVisible(), `${name} demo badge`).toBe(true);
    else expect.soft(await page.getByTestId('game-bar-balance').locator('.money').isVisible(), `${name} bar balance`).toBe(true);
    await expectTappable(frame, frame.getByTestId('action'), `${name} main button`);
    await expectTappable(frame, frame.locator('.oc-bar .oc-icon'), `${name} game bar buttons`);
    await expectTappable(frame, frame.locator('.oc-controls').locator('button:not([data-testid="action"]), input, select'), `${name} bet controls`);
    if (code === 'mines') await expectTappable(frame, frame.locator('.oc-tile'), `${name} tiles`);
    if (code === 'dice') await expectTappable(frame, frame.getByTestId('direction'), `${name} direction`);
    await snap(page, `games-screen-${size.label}-${name}`);
  }

  /** Fortune Reels spinning: each reel's strip covers its window all the way (no blank band). */
  async function spinReels(page: Page, size: Size) {
    const frame = await gameFrame(page);
    // Watching starts before the tap, so a spin that starts at once is never missed between the two.
    const watching = frame.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const found: string[] = [];
          // The spin starts once the server took the bet: seconds on a busy machine, so wait by time, not frames.
          const deadline = performance.now() + 30_000;
          let sampled = 0;
          const look = () => {
            const reels = [...document.querySelectorAll('.oc-reel')];
            const spinning = reels.some((r) => r.firstElementChild!.childElementCount > 3);
            if (!spinning) {
              // A spin that ended before 20 frames were sampled was checked in each of its frames;
              // waiting on for another spin would report one that was seen as never seen.
              if (sampled > 0) return resolve(found);
              if (performance.now() > deadline) return resolve(['the reels never spun']);
              return requestAnimationFrame(look);
            }
            reels.forEach((reel, i) => {
              const w = reel.getBoundingClientRect();
              const strip = reel.firstElementChild!.getBoundingClientRect();
              if (strip.top > w.top + 1 || strip.bottom < w.bottom - 1) {
                found.push(`reel ${i}: strip ${Math.round(strip.top - w.top)} to ${Math.round(strip.bottom - w.top)}, window 0 to ${Math.round(w.height)}`);
              }
            });
            if (++sampled < 20) requestAnimationFrame(look);
            else resolve(found);
          };
          requestAnimationFrame(look);
        }),
    );
    // The spin starts once the server answered: a refused or failed spin is reported as itself.
    const [spun] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/originals/api/slot/spin'), { timeout: 30_000 }), frame.getByTestId('action').click()]);
    if (!spun.ok()) throw new Error(`the demo spin failed: ${spun.status()} ${await spun.text()}`);
    const gaps = await watching;
    expect.soft(gaps, 'blank bands while the reels spin').toEqual([]);
    await snap(page, `games-screen-${size.label}-demo-slot-spinning`);
    // The rest of the round with reduced motion: free spins (1 spin in 43) then take seconds.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => frame.getByTestId('action').isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.emulateMedia({ reducedMotion: null });
  }

  /** A game's sheet (rules or fairness): it fits the frame and closes with a 44 px button. */
  async function openSheet(page: Page, size: Size, label: 'Rules' | 'Fairness', name: string) {
    const frame = await gameFrame(page);
    await frame.getByRole('button', { name: label, exact: true }).click();
    const sheet = frame.getByRole('dialog', { name: label });
    await sheet.waitFor();
    await page.waitForTimeout(300); // the sheet's slide-up
    await expectNoSidewaysScroll(frame, `${name} sheet`);
    expect.soft(await sheet.evaluate((el) => el.scrollWidth - el.clientWidth), `${name} sheet content wider than the sheet`).toBeLessThanOrEqual(0);
    await expectTappable(frame, sheet.getByRole('button', { name: 'Close' }), `${name} sheet close`);
    if (label === 'Fairness') await expectTappable(frame, sheet.locator('input, button:not([aria-label="Close"])'), `${name} fairness controls`);
    await snap(page, `games-screen-${size.label}-${name}`);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });
  }

  /**
   * The visitor's tour plays the slot for real: one spin in 43 wins free spins, which play out for
   * up to 30 s more (spinReels). With the other tours' 30 s on a loaded machine, 60 s was seen to
   * run out (CI); the bound is the tour's worst case, not a guess at the machine.
   */
  const SLOT_TOUR_MS = 120_000;

  for (const size of SIZES) {
    it(`visitor, en-US, at ${size.label}: home, search, ${size.games.length === ALL.length ? 'each game' : 'a game'} in demo, verify`, async () => {
      const context = await contextFor(size);
      const page = await context.newPage();
      try {
        await tourHome(page, size, 'visitor');

        await open(page, '/game/search', page.getByTestId('search-count'));
        await expectNoSidewaysScroll(page, 'search');
        await expectTappable(page, page.locator('.game-search__field'), 'search field');
        await expectTappable(page, page.getByTestId('type-filter').getByRole('radio'), 'search type chip');
        await resetStrips(page);
        await snap(page, `games-screen-${size.label}-search`);
        await page.getByTestId('search-input').fill('i');
        await page.getByTestId('search-count').filter({ hasText: '2 games' }).waitFor();
        await expectTappable(page, page.getByRole('button', { name: 'Clear search' }), 'search clear');
        await expectNoSidewaysScroll(page, 'search results');
        await snap(page, `games-screen-${size.label}-search-typed`);

        for (const code of size.games) {
          await tourGame(page, size, code, 'demo', `demo-${code}`);
          if (code === 'slot') {
            await spinReels(page, size);
            await openSheet(page, size, 'Rules', 'slot-rules');
          }
          if (code === 'dice') await openSheet(page, size, 'Fairness', 'dice-fairness');
        }

        await page.goto('/originals/verify');
        await page.locator('.oc-verify-form').waitFor();
        await expectNoSidewaysScroll(page, 'verify');
        await expectTappable(page, page.locator('.oc-verify-form').locator('input, select, button'), 'verify fields');
        await snap(page, `games-screen-${size.label}-verify`);
        // Dice asks for the most: bet, target and direction share a row.
        await page.locator('select[name="game"]').selectOption('dice');
        await expectNoSidewaysScroll(page, 'verify dice');
        await expectTappable(page, page.locator('.oc-verify-form').locator('input, select, button'), 'verify dice fields');
        await snap(page, `games-screen-${size.label}-verify-dice`);
      } finally {
        await context.close();
      }
    }, SLOT_TOUR_MS);

    it(`visitor, th-TH, at ${size.label}: home${size.thaiGames.length ? ' and each game' : ''}`, async () => {
      const context = await contextFor(size, { lang: 'th-TH' });
      const page = await context.newPage();
      try {
        await tourHome(page, size, 'th');
        for (const code of size.thaiGames) await tourGame(page, size, code, 'demo', `th-${code}`);
      } finally {
        await context.close();
      }
    });

    it(`player, en-US, at ${size.label}: home with their rows, a real game, the game records`, async () => {
      const context = await contextFor(size, { storageState: player });
      const page = await context.newPage();
      try {
        await tourHome(page, size, 'player');
        await page.getByTestId('recent-games').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('recent-games').getByTestId('game-card').first().isVisible()).resolves.toBe(true);
        await expect(page.getByTestId('favourite-games').getByTestId('game-card').first().isVisible()).resolves.toBe(true);
        await snap(page, `games-screen-${size.label}-player-rows`);

        await tourGame(page, size, 'dice', 'real', 'real-dice');

        await open(page, '/member/games', page.getByTestId('bet-round'));
        await expectNoSidewaysScroll(page, 'member games');
        await expectTappable(page, page.getByTestId('range-filter').getByRole('radio'), 'records range chip');
        await resetStrips(page);
        await snap(page, `games-screen-${size.label}-member-games`);

        await open(page, '/member/report', page.getByTestId('report-row'));
        await expectNoSidewaysScroll(page, 'member report');
        await expectTappable(page, page.getByTestId('range-filter').getByRole('radio'), 'report range chip');
        await resetStrips(page);
        await snap(page, `games-screen-${size.label}-member-report`);

        await open(page, '/member/retrieve-balance', page.getByTestId('provider'));
        await expectNoSidewaysScroll(page, 'retrieve balance');
        await snap(page, `games-screen-${size.label}-member-retrieve`);
      } finally {
        await context.close();
      }
    });
  }
});
